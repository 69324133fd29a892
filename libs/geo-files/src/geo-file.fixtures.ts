import { zipSync, strToU8 } from 'fflate';

/** Real files as Google Earth, GPS loggers and QGIS write them, for the readers' tests. */
export const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Rutas de reparto</name>
    <Placemark><name>Bodega</name><Point><coordinates>-70.65,-33.45,0</coordinates></Point></Placemark>
    <Folder><name>Tramos</name>
      <Placemark><name>Ruta 68</name><LineString><coordinates>-70.7,-33.4 -70.6,-33.5</coordinates></LineString></Placemark>
    </Folder>
    <Placemark><name>Sin lugar</name></Placemark>
    <Placemark><name>Patio</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-70.6,-33.4 -70.5,-33.4 -70.5,-33.3 -70.6,-33.4</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  </Document>
</kml>`;

export const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="logger" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Viaje a Valparaíso</name></metadata>
  <wpt lat="-33.45" lon="-70.65"><name>Salida</name></wpt>
  <trk><name>Ida</name><trkseg>
    <trkpt lat="-33.45" lon="-70.65"><ele>520</ele></trkpt>
    <trkpt lat="-33.20" lon="-71.20"><ele>300</ele></trkpt>
    <trkpt lat="-33.04" lon="-71.62"><ele>10</ele></trkpt>
  </trkseg></trk>
  <rte><name>Vacía</name></rte>
  <wpt lat="-33.04" lon="-71.62"><name>Llegada</name></wpt>
</gpx>`;

export const kmz = (kml = KML, name = 'doc.kml') => Buffer.from(zipSync({ 'images/': {}, [name]: strToU8(kml) }));

/** A zip bomb: `bytes` of one letter, which deflate squeezes ~1 000 times. */
export const bombKmz = (bytes: number) => Buffer.from(zipSync({ 'doc.kml': new Uint8Array(bytes).fill(0x61) }, { level: 9 }));

/** An archive whose directory says its entry holds `declared` bytes (a liar: it holds more). */
export function lyingKmz(bytes: number, declared: number): Buffer {
  const archive = bombKmz(bytes);
  const directory = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  archive.writeUInt32LE(declared, directory + 24);
  return archive;
}
