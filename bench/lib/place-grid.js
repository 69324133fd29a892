// Places on a grid over Greater Santiago, inserted in bulk (the places and fleet scenarios).
const { ObjectId } = require('mongodb');
const { insertInBatches } = require('./bulk');

const WORDS = ['Bodega', 'Cliente', 'Feria', 'Minimarket', 'Ferretería', 'Farmacia', 'Panadería', 'Botillería'];

/** `count` circle places of 100 m (visits after 3 minutes) spread over about 60 × 40 km, each with an `externalId`. */
function placeGrid(clientId, count) {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const [lng, lat] = [-70.95 + ((i * 7919) % 1000) * 0.0006, -33.65 + ((i * 104729) % 1000) * 0.0004];
    const externalId = `B-${i}`;
    return {
      _id: new ObjectId(),
      clientId,
      name: `${WORDS[i % WORDS.length]} ${i}`,
      address: `Calle ${i % 500} ${i}, Santiago`,
      location: { type: 'Point', coordinates: [lng, lat] },
      radiusM: 100,
      area: null,
      externalId,
      externalKey: `${clientId.toHexString()}:${externalId}`,
      tags: i % 10 === 0 ? ['cliente', 'mayorista'] : ['cliente'],
      notes: '',
      visitMinutes: 3,
      createdAt: now,
      updatedAt: now,
    };
  });
}

/** Inserts `count` places for the client (an ObjectId or its hex) and tells the app its places changed; answers them. */
async function addPlaceGrid(db, clientId, count) {
  const id = typeof clientId === 'string' ? new ObjectId(clientId) : clientId;
  const places = placeGrid(id, count);
  await insertInBatches(db.collection('places'), places);
  await db.collection('place_versions').updateOne({ _id: id }, { $inc: { version: 1 } }, { upsert: true });
  return places;
}

module.exports = { addPlaceGrid };
