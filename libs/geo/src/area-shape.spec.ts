import { compileShape } from './area-shape';

describe('compileShape', () => {
  const circle = compileShape({ type: 'Point', coordinates: [-70.65, -33.45] }, { radiusM: 100 });
  const corridor = compileShape(
    {
      type: 'LineString',
      coordinates: [
        [-70.7, -33.45],
        [-70.6, -33.45],
      ],
    },
    { widthM: 100 },
  );
  // About 1.1 km a side, with a hole of about 220 m in the middle.
  const withHole = compileShape(
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0.01, 0],
          [0.01, 0.01],
          [0, 0.01],
          [0, 0],
        ],
        [
          [0.004, 0.004],
          [0.006, 0.004],
          [0.006, 0.006],
          [0.004, 0.006],
          [0.004, 0.004],
        ],
      ],
    },
    {},
  );

  it('measures metres to the edge, negative inside', () => {
    expect(circle.signedDistanceM({ lat: -33.45, lng: -70.65 })).toBeCloseTo(-100, 0);
    // 0.001° of latitude is 111 m from the centre: 11 m outside.
    expect(circle.signedDistanceM({ lat: -33.451, lng: -70.65 })).toBeCloseTo(11.2, 0);
    expect(corridor.signedDistanceM({ lat: -33.4502, lng: -70.65 })).toBeCloseTo(-27.8, 0);
    expect(corridor.signedDistanceM({ lat: -33.452, lng: -70.65 })).toBeGreaterThan(170);
    expect(withHole.signedDistanceM({ lat: 0.002, lng: 0.002 })).toBeLessThan(-200);
    expect(withHole.signedDistanceM({ lat: 0.005, lng: 0.005 })).toBeGreaterThan(100); // in the hole: outside
    expect(withHole.signedDistanceM({ lat: 0.005, lng: 0.02 })).toBeGreaterThan(1000);
  });

  it('finds where a straight path between two outside fixes crosses', () => {
    const crossing = circle.crossing({ lat: -33.45, lng: -70.66 }, { lat: -33.45, lng: -70.64 });
    expect(crossing).not.toBeNull();
    expect(crossing!.enter).toBeGreaterThan(0.4);
    expect(crossing!.exit).toBeLessThan(0.6);
    expect(circle.crossing({ lat: -33.46, lng: -70.66 }, { lat: -33.46, lng: -70.64 })).toBeNull();
  });

  it('has a bounding box that holds the whole shape', () => {
    const [minLng, minLat, maxLng, maxLat] = circle.bbox;
    expect(minLng).toBeLessThan(-70.651);
    expect(maxLat).toBeGreaterThan(-33.4492); // 100 m is 0.0009° of latitude
    expect(maxLng - minLng).toBeLessThan(0.003);
    expect(maxLat - minLat).toBeLessThan(0.003);
  });
});
