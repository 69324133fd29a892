import { simplifyIndices, simplifyRoute } from './simplify-route';

describe('simplifyRoute (Douglas-Peucker by importance)', () => {
  const line = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: -33, lng: -70 + i * 0.001, i }));

  it('keeps short routes whole', () => {
    expect(simplifyRoute(line(5), 10)).toHaveLength(5);
  });

  it('keeps the first and last points exactly, and the corners of an L-shaped route', () => {
    const east = line(500);
    const north = Array.from({ length: 500 }, (_, i) => ({ lat: -33 + (i + 1) * 0.001, lng: east[499].lng, i: 500 + i }));
    const simplified = simplifyRoute([...east, ...north], 3);
    expect(simplified.map((p) => p.i)).toEqual([0, 499, 999]);
    expect(simplifyRoute([...east, ...north], 50)).toHaveLength(3); // every other point lies on a chord
  });

  it('answers at most maxPoints points in time order', () => {
    const zigzag = Array.from({ length: 10_000 }, (_, i) => ({ lat: -33 + Math.sin(i / 7) * 0.01, lng: -70 + i * 0.0001, i }));
    const simplified = simplifyRoute(zigzag, 2000);
    expect(simplified).toHaveLength(2000);
    expect(simplified[0].i).toBe(0);
    expect(simplified.at(-1)!.i).toBe(9999);
    expect(simplified.every((p, k) => k === 0 || p.i > simplified[k - 1].i)).toBe(true);
  });

  it('answers the indices of the kept points from coordinate columns, as simplifyRoute keeps them', () => {
    const zigzag = Array.from({ length: 20_000 }, (_, i) => ({ lat: -33 + Math.sin(i / 7) * 0.01, lng: -70 + i * 0.0001, i }));
    const indices = simplifyIndices(
      Float64Array.from(zigzag, (p) => p.lat),
      Float64Array.from(zigzag, (p) => p.lng),
      1500,
    );
    expect([...indices]).toEqual(simplifyRoute(zigzag, 1500).map((p) => p.i));
    expect([...simplifyIndices([1, 2, 3], [4, 5, 6], 10)]).toEqual([0, 1, 2]);
  });
});
