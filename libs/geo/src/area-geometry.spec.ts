import { geometryProblem } from './area-geometry';

const square = (size = 0.01, [x, y] = [-70.65, -33.45]): [number, number][] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('geometryProblem', () => {
  it('accepts a circle, a corridor, a polygon with a hole and a multipolygon', () => {
    expect(geometryProblem({ type: 'Point', coordinates: [-70.65, -33.45] }, { radiusM: 200 })).toBeNull();
    expect(
      geometryProblem(
        {
          type: 'LineString',
          coordinates: [
            [-70.7, -33.4],
            [-70.6, -33.5],
          ],
        },
        { widthM: 100 },
      ),
    ).toBeNull();
    expect(geometryProblem({ type: 'Polygon', coordinates: [square(0.02), square(0.005, [-70.645, -33.445])] })).toBeNull();
    expect(geometryProblem({ type: 'MultiPolygon', coordinates: [[square()], [square(0.01, [-71, -33])]] })).toBeNull();
  });

  it.each([
    [
      'a ring that is not closed',
      {
        type: 'Polygon',
        coordinates: [
          square()
            .slice(0, -1)
            .concat([[-70.65, -33.5]]),
        ],
      },
      {},
      'coordinates[0]: the ring is not closed',
    ],
    [
      'a ring of fewer than 4 positions',
      {
        type: 'Polygon',
        coordinates: [
          [
            [-70.65, -33.45],
            [-70.64, -33.45],
            [-70.65, -33.45],
          ],
        ],
      },
      {},
      'needs at least 4 positions',
    ],
    [
      'a self-intersecting ring (a bow tie)',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      },
      {},
      'crosses itself',
    ],
    ['a longitude out of range', { type: 'Point', coordinates: [-190, -33] }, { radiusM: 100 }, 'longitude -190 is outside -180..180'],
    [
      'a latitude out of range',
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [0, 95],
        ],
      },
      { widthM: 10 },
      'coordinates[1]: latitude 95 is outside -90..90',
    ],
    [
      'too many positions in a ring',
      { type: 'Polygon', coordinates: [[...Array.from({ length: 1000 }, (_, i) => [Math.cos(i / 159), Math.sin(i / 159)]), [1, 0]]] },
      {},
      'at most 1000 positions',
    ],
    ['a Point without a radius', { type: 'Point', coordinates: [0, 0] }, {}, 'a Point geofence is a circle and needs radiusM'],
    [
      'a LineString without a width',
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      {},
      'a LineString geofence is a corridor and needs widthM',
    ],
    ['a radius on a polygon', { type: 'Polygon', coordinates: [square()] }, { radiusM: 50 }, 'radiusM is only for a Point'],
    ['a hole outside its polygon', { type: 'Polygon', coordinates: [square(), square(0.001, [-71, -34])] }, {}, 'a hole must lie inside'],
    ['another type', { type: 'GeometryCollection', coordinates: [] }, {}, 'type must be Point'],
    ['a position of three numbers', { type: 'Point', coordinates: [0, 0, 0] }, { radiusM: 100 }, 'a position is [longitude, latitude]'],
    ['text coordinates', { type: 'Polygon', coordinates: 'square' }, {}, 'must be an array of rings'],
  ])('names %s', (_name, geometry, size, message) => {
    expect(geometryProblem(geometry, size)).toContain(message);
  });
});
