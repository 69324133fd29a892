import type { Geometry } from '@app/geo-files';
import { bboxOf, type Bbox, unionOf } from './bbox';
import { intersectsBox } from './box-intersection';

const box: Bbox = [0, 0, 10, 10];
const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const meets = (geometry: object) => intersectsBox(geometry as Geometry, box);

describe('intersectsBox', () => {
  it('points: inside or on the edge, not outside', () => {
    expect(meets({ type: 'Point', coordinates: [5, 5] })).toBe(true);
    expect(meets({ type: 'Point', coordinates: [10, 0] })).toBe(true);
    expect(meets({ type: 'Point', coordinates: [10.1, 5] })).toBe(false);
    expect(
      meets({
        type: 'MultiPoint',
        coordinates: [
          [20, 20],
          [1, 1],
        ],
      }),
    ).toBe(true);
  });

  it('lines: with a vertex inside, crossing the box with both ends outside, or passing by', () => {
    expect(
      meets({
        type: 'LineString',
        coordinates: [
          [-5, -5],
          [5, 5],
        ],
      }),
    ).toBe(true);
    expect(
      meets({
        type: 'LineString',
        coordinates: [
          [-5, 5],
          [15, 5],
        ],
      }),
    ).toBe(true);
    expect(
      meets({
        type: 'LineString',
        coordinates: [
          [-5, 12],
          [12, -5],
        ],
      }),
    ).toBe(true);
    expect(
      meets({
        type: 'LineString',
        coordinates: [
          [-5, 26],
          [26, -5],
        ],
      }),
    ).toBe(false);
    expect(
      meets({
        type: 'MultiLineString',
        coordinates: [
          [
            [20, 20],
            [30, 30],
          ],
          [
            [5, -1],
            [5, 11],
          ],
        ],
      }),
    ).toBe(true);
  });

  it('polygons: inside the box, containing it, crossing it, away from it, or with the box in a hole', () => {
    expect(meets({ type: 'Polygon', coordinates: [square(2, 2, 1)] })).toBe(true);
    expect(meets({ type: 'Polygon', coordinates: [square(-10, -10, 40)] })).toBe(true);
    expect(meets({ type: 'Polygon', coordinates: [square(8, 8, 5)] })).toBe(true);
    expect(meets({ type: 'Polygon', coordinates: [square(20, 20, 5)] })).toBe(false);
    expect(meets({ type: 'Polygon', coordinates: [square(-10, -10, 40), square(-5, -5, 20)] })).toBe(false);
    expect(meets({ type: 'MultiPolygon', coordinates: [[square(20, 20, 5)], [square(-10, -10, 40)]] })).toBe(true);
    expect(
      meets({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [50, 50] },
          { type: 'Polygon', coordinates: [square(1, 1, 1)] },
        ],
      }),
    ).toBe(true);
  });
});

describe('bboxOf and unionOf', () => {
  it('boxes a geometry with altitudes and collections, and boxes the boxes', () => {
    expect(
      bboxOf({
        type: 'LineString',
        coordinates: [
          [-70.7, -33.4, 500],
          [-70.6, -33.5, 10],
        ],
      }),
    ).toEqual([-70.7, -33.5, -70.6, -33.4]);
    expect(bboxOf({ type: 'Polygon', coordinates: [square(1, 2, 3)] })).toEqual([1, 2, 4, 5]);
    expect(
      bboxOf({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1, 1] },
          { type: 'Point', coordinates: [-1, 3] },
        ],
      }),
    ).toEqual([-1, 1, 1, 3]);
    expect(bboxOf(null)).toBeNull();
    expect(unionOf([null, [0, 0, 1, 1], [-1, 0.5, 0.5, 2]])).toEqual([-1, 0, 1, 2]);
    expect(unionOf([null])).toBeNull();
  });
});
