// Polygon geofences on a grid, inserted in bulk (the events and fleet scenarios).
const { Types } = require('mongoose');
const { insertInBatches } = require('./bulk');

/**
 * `count` polygons of `vertices` vertices (~120 m across, a lobed outline, not a circle) on a square
 * grid `spacingDeg` apart centred on `centre` ([lat, lng]), speed limit 40 km/h. Answers them.
 */
async function addPolygonGrid(db, clientId, { count = 10_000, vertices = 40, centre = [-33.45, -70.65], spacingDeg = 0.0036 } = {}) {
  const now = new Date();
  const side = Math.ceil(Math.sqrt(count));
  const half = (side * spacingDeg) / 2;
  const polygons = Array.from({ length: count }, (_, n) => {
    const lat = centre[0] - half + Math.floor(n / side) * spacingDeg;
    const lng = centre[1] - half + (n % side) * spacingDeg * 1.2;
    const ring = Array.from({ length: vertices - 1 }, (_, k) => {
      const angle = (2 * Math.PI * k) / (vertices - 1);
      const r = 0.0006 * (1 + 0.2 * Math.sin(3 * angle));
      return [Number((lng + r * 1.2 * Math.cos(angle)).toFixed(7)), Number((lat + r * Math.sin(angle)).toFixed(7))];
    });
    ring.push(ring[0]);
    return {
      clientId: new Types.ObjectId(clientId),
      name: `Bench zone ${n}`,
      description: '',
      color: '#1e88e5',
      geometry: { type: 'Polygon', coordinates: [ring] },
      radiusM: null,
      widthM: null,
      speedLimitKmh: 40,
      allAssets: true,
      assetIds: [],
      groupIds: [],
      createdAt: now,
      updatedAt: now,
    };
  });
  await insertInBatches(
    db.collection('geofences'),
    polygons.map((polygon) => ({ ...polygon })),
  );
  return polygons;
}

module.exports = { addPolygonGrid };
