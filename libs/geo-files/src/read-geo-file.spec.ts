import { GeoFileError, readGeoFile, type GeoFileFormat } from '.';
import { bombKmz, GPX, KML, kmz, lyingKmz } from './geo-file.fixtures';

const ALL: GeoFileFormat[] = ['geojson', 'kml', 'kmz', 'gpx'];
const read = (content: string | Buffer, originalname = 'file', accepted = ALL, maxInflatedBytes?: number) =>
  readGeoFile({ originalname, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) }, accepted, { maxInflatedBytes });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GeoFileError);
    return (error as Error).message;
  }
  throw new Error('expected a GeoFileError');
};

describe('readGeoFile', () => {
  it('reads KML placemarks in document order (folders flattened, one without geometry kept) and the document name', () => {
    const content = read(KML, 'rutas.kml');
    expect(content).toMatchObject({ type: 'FeatureCollection', format: 'kml', name: 'Rutas de reparto' });
    expect(content.features.map((feature) => [feature.properties?.name, feature.geometry?.type ?? null])).toEqual([
      ['Bodega', 'Point'],
      ['Ruta 68', 'LineString'],
      ['Sin lugar', null],
      ['Patio', 'Polygon'],
    ]);
    expect(content.features[0].geometry).toEqual({ type: 'Point', coordinates: [-70.65, -33.45, 0] });
  });

  it('reads a KMZ (its doc.kml) like the KML inside', () => {
    const content = read(kmz(), 'rutas.kmz');
    expect(content.format).toBe('kmz');
    expect(content.name).toBe('Rutas de reparto');
    expect(content.features).toHaveLength(4);
  });

  it('reads GPX waypoints, routes and tracks in file order (one without points kept), with elevations and the metadata name', () => {
    const content = read(GPX, 'viaje.gpx');
    expect(content).toMatchObject({ format: 'gpx', name: 'Viaje a Valparaíso' });
    expect(content.features.map((feature) => [feature.properties?.name, feature.geometry?.type ?? null])).toEqual([
      ['Salida', 'Point'],
      ['Ida', 'LineString'],
      ['Vacía', null],
      ['Llegada', 'Point'],
    ]);
    expect(content.features[1].geometry).toMatchObject({ coordinates: [[-70.65, -33.45, 520], expect.any(Array), [-71.62, -33.04, 10]] });
  });

  it('reads a GeoJSON FeatureCollection as it is, and wraps a single Feature or a bare geometry', () => {
    const point = { type: 'Point', coordinates: [-70.6, -33.4] };
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: point, properties: { a: 1 } },
        { type: 'Feature', geometry: null },
      ],
    };
    expect(read(JSON.stringify(collection)).features).toEqual([
      { type: 'Feature', geometry: point, properties: { a: 1 } },
      { type: 'Feature', geometry: null, properties: null },
    ]);
    expect(read(`\uFEFF${JSON.stringify({ type: 'Feature', geometry: point, properties: null })}`).features).toHaveLength(1);
    expect(read(JSON.stringify(point)).features).toEqual([{ type: 'Feature', geometry: point, properties: {} }]);
  });

  it('drops prototype keys while parsing GeoJSON', () => {
    const text = '{"type":"Feature","geometry":null,"properties":{"__proto__":{"polluted":true},"name":"x"}}';
    const [feature] = read(text).features;
    expect(Object.keys(feature.properties ?? {})).toEqual(['name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names where JSON breaks, and what a GeoJSON lacks', () => {
    expect(refusal(() => read('{\n  "type": "FeatureCollection",\n  "features": [],\n}'))).toBe(
      'The file is not valid JSON (line 4, column 1: Expected double-quoted property name).',
    );
    expect(refusal(() => read('{"features": [,]}'))).toBe("The file is not valid JSON (Unexpected token ',').");
    expect(refusal(() => read('{"type":"FeatureCollection"}'))).toBe('The FeatureCollection has no "features" array.');
    expect(refusal(() => read('{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null},7]}'))).toBe(
      'feature 2: must be a GeoJSON Feature object',
    );
    expect(refusal(() => read('{"type":"Topology"}'))).toMatch(/type must be FeatureCollection, Feature or a geometry type, not "Topology"/);
    expect(refusal(() => read('[1,2]'))).toMatch(/must be an object/);
  });

  it('refuses DOCTYPE and ENTITY declarations before parsing (billion laughs, XXE)', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><kml>&lol2;</kml>`;
    expect(refusal(() => read(laughs, 'bomb.kml'))).toBe('The KML file declares a DOCTYPE or an ENTITY: XML with a DOCTYPE is refused.');
    const xxe = `<?xml version="1.0"?><!doctype gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx>&x;</gpx>`;
    expect(refusal(() => read(xxe, 'x.gpx'))).toMatch(/DOCTYPE is refused/);
  });

  it('refuses XML that is not well-formed, or neither KML nor GPX, with where it breaks', () => {
    expect(refusal(() => read('<kml><Document></kml>', 'a.kml'))).toMatch(/^The KML file is not well-formed XML: .*mismatch.*\(line 1, column \d+\)\.$/);
    expect(refusal(() => read('<kml>&nbsp;</kml>', 'a.kml'))).toMatch(/not well-formed XML: entity not found/);
    expect(refusal(() => read('<html><body/></html>', 'page.kml'))).toBe(
      'The XML file is neither KML nor GPX: its root element is <html>, not <kml> or <gpx>.',
    );
  });

  it('refuses truncated and damaged KMZ archives', () => {
    const archive = kmz();
    expect(refusal(() => read(archive.subarray(0, archive.length - 30), 'a.kmz'))).toMatch(/^The KMZ archive is truncated or damaged/);
    const noKml = Buffer.from(archive);
    noKml.write('doc.txt', noKml.lastIndexOf('doc.kml'));
    expect(refusal(() => read(noKml, 'a.kmz'))).toMatch(/holds no \.kml file/);
    const scrambled = Buffer.from(archive);
    scrambled.fill(0xff, 60, 120);
    expect(refusal(() => read(scrambled, 'a.kmz'))).toMatch(/^The KMZ archive is (damaged|truncated)/);
  });

  it('refuses a zip bomb whether its directory declares the size or lies about it, inflating no further than the bound', () => {
    expect(refusal(() => read(bombKmz(3 * 1024 * 1024), 'bomb.kmz', ALL, 1024 * 1024))).toBe(
      "The KMZ's doc.kml inflates to more than 1 MB: too large to read.",
    );
    expect(refusal(() => read(lyingKmz(3 * 1024 * 1024, 100), 'bomb.kmz', ALL, 1024 * 1024))).toBe(
      "The KMZ's doc.kml inflates to more than 1 MB: too large to read.",
    );
  });

  it('refuses empty files, garbage, non-UTF-8 text and formats the caller does not take', () => {
    expect(refusal(() => read(''))).toBe('The file is empty.');
    expect(refusal(() => read(Buffer.from([0x00, 0x01, 0x02]), 'x.bin'))).toMatch(/^"x.bin" is not a geographic file/);
    expect(refusal(() => read(Buffer.from([0x7b, 0xff, 0xfe]), 'x.json'))).toMatch(/not UTF-8/);
    expect(refusal(() => read(GPX, 'v.gpx', ['geojson', 'kml', 'kmz']))).toBe('"v.gpx" is a GPX file, not accepted here: send GeoJSON, KML, KMZ.');
    expect(refusal(() => read(kmz(), 'v.kmz', ['geojson']))).toMatch(/is a KMZ file, not accepted here/);
  });
});
