import { speedAt } from './demo-simulator';
import { RouteWalker } from './route-walker';

describe('RouteWalker', () => {
  // Two segments due north, then due east, of about 11.1 km each (0.1° at the equator).
  const walker = new RouteWalker([
    [0, 0],
    [0.1, 0],
    [0.1, 0.1],
  ]);

  it('measures the loop out and back', () => {
    expect(walker.totalKm).toBeCloseTo(4 * 11.12, 1);
  });

  it('interpolates along the route with the direction of travel', () => {
    expect(walker.at(0)).toEqual({ lat: 0, lng: 0, direction: 0, edgeKm: 0 });
    const halfway = walker.at(11.12 / 2);
    expect(halfway.lat).toBeCloseTo(0.05, 3);
    expect(halfway.direction).toBe(0);
    const east = walker.at(11.12 * 1.5);
    expect(east.lng).toBeCloseTo(0.05, 3);
    expect(east.direction).toBeCloseTo(90, 0);
  });

  it('drives back the same way and starts again', () => {
    const back = walker.at(11.12 * 2.5);
    expect(back.lng).toBeCloseTo(0.05, 3);
    expect(back.direction).toBeCloseTo(270, 0);
    expect(walker.at(walker.totalKm + 1).lat).toBeCloseTo(walker.at(1).lat, 6);
  });
});

describe('RouteWalker with stops', () => {
  const walker = new RouteWalker(
    [
      [0, 0],
      [0.1, 0],
    ],
    6,
  );

  it('stands at each waypoint for the stop distance, then drives on', () => {
    expect(walker.at(0)).toMatchObject({ lat: 0, lng: 0, stopped: true });
    expect(walker.at(5.9)).toMatchObject({ lat: 0, lng: 0, stopped: true });
    expect(walker.at(6 + 11.12 / 2).stopped).toBeUndefined();
    expect(walker.at(6 + 11.12 + 3)).toMatchObject({ lat: 0.1, lng: 0, stopped: true });
    // Out and back: a stop at the start, at the far end, and at the start again before the loop begins anew.
    expect(walker.totalKm).toBeCloseTo(3 * 6 + 2 * 11.12, 1);
  });

  it('tells a driving vehicle how far the nearer stop is', () => {
    expect(walker.at(6 + 0.1).edgeKm).toBeCloseTo(0.1, 6);
    expect(walker.at(6 + 11.12 - 0.3).edgeKm).toBeCloseTo(0.3, 1);
    expect(walker.at(3).edgeKm).toBeUndefined();
  });
});

describe("the demo vehicles' speed", () => {
  const road = { lat: 0, lng: 0, direction: 0 };

  it('ramps a careful driver over 400 m and a harsh one over 20 m; none at a stop', () => {
    expect(speedAt({ ...road, stopped: true }, 72, 0.4)).toBe(0);
    expect(speedAt({ ...road, edgeKm: 0.1 }, 72, 0.4)).toBe(18);
    expect(speedAt({ ...road, edgeKm: 0.1 }, 72, 0.02)).toBe(72);
    expect(speedAt({ ...road, edgeKm: 5 }, 72, 0.4)).toBe(72);
  });

  it("changes a careful driver's speed by under the harsh thresholds between 5-s reports at cruise pace, a harsh one's by over them", () => {
    const walker = new RouteWalker(
      [
        [0, 0],
        [0.1, 0],
      ],
      6,
    );
    const stepKm = (72 * 5) / 3600;
    const largestChange = (rampKm: number) => {
      let largest = 0;
      for (let km = 0; km < walker.totalKm; km += stepKm)
        largest = Math.max(largest, Math.abs(speedAt(walker.at(km + stepKm), 72, rampKm) - speedAt(walker.at(km), 72, rampKm)) / 5);
      return largest;
    };
    expect(largestChange(0.4)).toBeLessThan(12);
    expect(largestChange(0.02)).toBeGreaterThanOrEqual(14);
  });
});

describe('RouteWalker.nextStopKm', () => {
  it('finds where the next stop begins', () => {
    const walker = new RouteWalker(
      [
        [0, 0],
        [0.1, 0],
      ],
      6,
    );
    expect(walker.nextStopKm(1)).toBeCloseTo(6 + 11.12, 1);
    expect(walker.at(walker.nextStopKm(1)).stopped).toBe(true);
    expect(
      new RouteWalker([
        [0, 0],
        [0.1, 0],
      ]).nextStopKm(3),
    ).toBe(3);
  });
});
