import { assertValidFeatures, featureProblem, featuresProblem, geometryProblem } from '.';

const ring = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 0],
];

describe('geometryProblem', () => {
  it('accepts every GeoJSON geometry type with valid coordinates, with or without altitude', () => {
    for (const geometry of [
      { type: 'Point', coordinates: [-70.6, -33.4] },
      { type: 'Point', coordinates: [180, -90, 520] },
      { type: 'MultiPoint', coordinates: [[0, 0]] },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
      { type: 'Polygon', coordinates: [ring] },
      { type: 'MultiPolygon', coordinates: [[ring], [ring]] },
      { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [0, 0] }] },
    ]) {
      expect(geometryProblem(geometry)).toBeNull();
    }
  });

  it('names the broken rule and where', () => {
    expect(geometryProblem({ type: 'Point', coordinates: [181, 0] })).toBe('Point: longitude 181 is outside -180..180');
    expect(geometryProblem({ type: 'Point', coordinates: [0, -91] })).toBe('Point: latitude -91 is outside -90..90');
    expect(geometryProblem({ type: 'Point', coordinates: [0, null] })).toBe('Point: a position must hold finite numbers');
    expect(geometryProblem({ type: 'Point', coordinates: [1] })).toMatch(/^Point: a position must be \[longitude, latitude\]/);
    expect(geometryProblem({ type: 'LineString', coordinates: [[0, 0]] })).toBe('LineString: position needs at least 2 items');
    expect(
      geometryProblem({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [0, 'x'],
        ],
      }),
    ).toBe('LineString: position 2: a position must hold finite numbers');
    expect(geometryProblem({ type: 'Polygon', coordinates: [ring.slice(0, 3)] })).toBe('Polygon: a ring needs at least 4 positions');
    expect(geometryProblem({ type: 'Polygon', coordinates: [[...ring.slice(0, 3), [0, 1]]] })).toBe(
      'Polygon: a ring must be closed (its last position equal to its first)',
    );
    expect(geometryProblem({ type: 'MultiPolygon', coordinates: [[ring], []] })).toBe('MultiPolygon: polygon 2: ring needs at least 1 item');
    expect(geometryProblem({ type: 'Circle', coordinates: [0, 0] })).toMatch(/^the geometry type must be one of Point, MultiPoint/);
    expect(geometryProblem({ type: 'toString', coordinates: [0, 0] })).toMatch(/^the geometry type must be one of/);
    expect(geometryProblem({ type: 'GeometryCollection', geometries: [{ type: 'GeometryCollection', geometries: [] }] })).toMatch(
      /^the geometry type must be one of Point, .*MultiPolygon$/,
    );
    expect(geometryProblem('POINT(0 0)')).toBe('the geometry must be a GeoJSON geometry object');
  });
});

describe('featureProblem', () => {
  const point = { type: 'Point', coordinates: [0, 0] };

  it('accepts features with an object or null properties, a null geometry, a string or number id', () => {
    expect(featureProblem({ type: 'Feature', geometry: point, properties: { a: 1 }, id: 7 })).toBeNull();
    expect(featureProblem({ type: 'Feature', geometry: null, properties: null, id: 'a' })).toBeNull();
  });

  it('refuses what is not a feature, properties that are not an object, a bad id or geometry, naming the feature', () => {
    expect(featureProblem({ type: 'Point', coordinates: [0, 0] })).toMatch(/^must be a GeoJSON Feature/);
    expect(featureProblem({ type: 'Feature', geometry: point, properties: [1] })).toBe('properties must be an object or null');
    expect(featureProblem({ type: 'Feature', geometry: point, properties: null, id: {} })).toBe('id must be a string or a number');
    const features = [
      { type: 'Feature', geometry: point, properties: {} },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 99] }, properties: {} },
    ];
    expect(featuresProblem(features)).toBe('feature 2: Point: latitude 99 is outside -90..90');
    expect(() => assertValidFeatures(features)).toThrow('feature 2: Point: latitude 99 is outside -90..90');
  });
});
