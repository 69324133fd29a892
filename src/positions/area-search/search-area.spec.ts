import type { Position } from '@app/geo';
import { haversineKm } from '@app/geo';
import { areaProblem, searchArea } from './search-area';

const square = (lng: number, lat: number, size: number): Position[] => [
  [lng, lat],
  [lng + size, lat],
  [lng + size, lat + size],
  [lng, lat + size],
  [lng, lat],
];

describe('search areas', () => {
  it('tests a fix against a polygon with a hole: inside the outer ring and outside the hole', () => {
    const area = searchArea({ type: 'Polygon', coordinates: [square(-70.8, -33.5, 0.1), square(-70.77, -33.47, 0.02)] });
    expect(area.box).toEqual([-33.5, -33.4, -70.8, -70.7]);
    expect(area.contains(-33.49, -70.79)).toBe(true);
    expect(area.contains(-33.46, -70.76)).toBe(false); // in the hole
    expect(area.contains(-33.39, -70.75)).toBe(false); // north of it
    expect(area.contains(-33.45, -70.69)).toBe(false); // east of it
  });

  it('tests a fix against a circle by great-circle distance, and boxes the whole circle', () => {
    const area = searchArea({ type: 'Point', coordinates: [-70.65, -33.45] }, 500);
    const north = (m: number) => -33.45 + m / 111_195;
    expect(area.contains(north(499), -70.65)).toBe(true);
    expect(area.contains(north(501), -70.65)).toBe(false);
    // East at 499 m, measured the same way the test measures.
    let lng = -70.65;
    while (haversineKm(-33.45, -70.65, -33.45, lng) < 0.499) lng += 0.00001;
    expect(area.contains(-33.45, lng)).toBe(true);
    expect(area.box[2]).toBeLessThan(-70.65 - (lng + 70.65));
    expect(area.box[3]).toBeGreaterThan(lng);
    expect(area.box[0]).toBeLessThan(north(-500));
    expect(area.box[1]).toBeGreaterThan(north(500));
  });

  it('boxes a circle across ±180° or near a pole with every longitude', () => {
    expect(searchArea({ type: 'Point', coordinates: [179.9999, 0] }, 50_000).box.slice(2)).toEqual([-180, 180]);
    expect(searchArea({ type: 'Point', coordinates: [10, 89.9] }, 50_000).box.slice(2)).toEqual([-180, 180]);
  });

  it("names the broken rule of a geometry: the geofences' ring rules, Polygon or Point with radiusM only", () => {
    const polygon = { type: 'Polygon', coordinates: [square(-70.8, -33.5, 0.1)] };
    expect(areaProblem(polygon, undefined)).toBeNull();
    expect(areaProblem({ type: 'Point', coordinates: [-70.6, -33.4] }, 100)).toBeNull();
    expect(areaProblem({ type: 'Point', coordinates: [-70.6, -33.4] }, undefined)).toMatch(/needs radiusM/);
    expect(areaProblem(polygon, 100)).toMatch(/radiusM is only for a Point/);
    expect(areaProblem({ type: 'LineString', coordinates: [] }, undefined)).toMatch(/type must be Polygon/);
    expect(areaProblem({ type: 'MultiPolygon', coordinates: [] }, undefined)).toMatch(/type must be Polygon/);
    expect(areaProblem(null, undefined)).toMatch(/type must be Polygon/);
    expect(areaProblem(JSON.parse('{"type":"Point","coordinates":[-70.6,-33.4],"__proto__":{"x":1}}'), 100)).toMatch(/not "__proto__"/);
    expect(areaProblem({ type: 'Polygon', coordinates: [square(-70.8, -33.5, 0.1).slice(0, 4)] }, undefined)).toMatch(/not closed/);
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(areaProblem({ type: 'Polygon', coordinates: [bowTie] }, undefined)).toMatch(/crosses itself/);
    expect(areaProblem({ type: 'Point', coordinates: [-200, 0] }, 100)).toMatch(/longitude/);
  });
});
