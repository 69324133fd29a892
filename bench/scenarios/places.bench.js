// Places at volume (docs/performance.md, "Places"): 100 000 places in acme, then the list's first
// page, a page deep inside (after record 99 000), `near=` and `q=` — all answered from the
// in-memory index, the page's records read by `_id` — and the CSV import of 10 000 rows (globex).
const { join } = require('node:path');
const { ObjectId } = require('mongodb');
const { addPlaceGrid } = require('../lib/place-grid');
const { encodeCursor } = require(join(__dirname, '../../dist/libs/database/src/tenancy/cursor-page.js'));

const PLACES = 100_000;
const IMPORT_ROWS = 10_000;
function importFile(run) {
  const lines = ['name,lat,lng,radiusM,address,externalId,tags'];
  for (let i = 0; i < IMPORT_ROWS; i++)
    lines.push(`Importado ${run}-${i},-33.${4000 + (i % 5000)},-70.${6000 + (i % 3000)},150,"Calle ${i}, Santiago",IMP-${run}-${i},cliente;importado`);
  return Buffer.from(lines.join('\n'));
}

async function postImport(ctx, file, expect, client = 'globex') {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'lugares.csv');
  const res = await fetch(`${ctx.baseUrl}/api/places/import`, { method: 'POST', headers: ctx.auth('admin', client), body: form });
  const json = await res.json();
  if (res.status !== 200 || json.data[expect] !== IMPORT_ROWS) throw new Error(`import answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
}

module.exports = {
  name: 'places',
  async run(ctx) {
    const clientId = new ObjectId(ctx.manifest.clients.acme.id);
    const started = Date.now();
    const seeded = await addPlaceGrid(ctx.db, clientId, PLACES);
    ctx.note(`Set-up: ${PLACES} places (insertMany, batches of 5 000)`, Date.now() - started, 'ms');
    const first = Date.now();
    const res = await fetch(`${ctx.baseUrl}/api/places?limit=50`, { headers: ctx.auth() });
    if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    ctx.note('GET /api/places, first request: builds the index of 100 000 places', Date.now() - first, 'ms');
    // Newest first: the 99 000th record is the 1 001st oldest.
    const deep = encodeCursor(seeded[PLACES - 99_000], '_id');
    const headers = ctx.auth();
    const connections = [1, 10];
    await ctx.load({ title: `GET /api/places, first page (50 of ${PLACES})`, path: '/api/places?limit=50', headers, connections });
    await ctx.load({ title: 'GET /api/places, page after record 99 000', path: `/api/places?limit=50&cursor=${deep}`, headers, connections });
    await ctx.load({ title: 'GET /api/places?near= (1 km, nearest 50)', path: '/api/places?near=-33.45,-70.65&limit=50', headers, connections });
    await ctx.load({ title: 'GET /api/places?near= (10 km, nearest 50)', path: '/api/places?near=-33.45,-70.65&radiusM=10000&limit=50', headers, connections });
    await ctx.load({ title: 'GET /api/places?q=ferre (1 in 8)', path: '/api/places?q=ferre&limit=50', headers, connections });
    await ctx.load({ title: 'GET /api/places?tag=mayorista (1 in 10)', path: '/api/places?tag=mayorista&limit=50', headers, connections });

    // A rebuild after a change, with the process warm (what visit detection waits for after a write).
    // The counter moved without a change logged (an instance that died between them), read once the cache's life (3 s) is over.
    await ctx.db.collection('place_versions').updateOne({ _id: clientId }, { $inc: { version: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const rebuild = Date.now();
    await fetch(`${ctx.baseUrl}/api/places?limit=50`, { headers: ctx.auth() });
    ctx.note('GET /api/places after a change: rebuilds the index of 100 000 places', Date.now() - rebuild, 'ms');

    // A write of one place through the API, then the list: the index patched from the change log (that place read again).
    const [newest] = (await (await fetch(`${ctx.baseUrl}/api/places?limit=1`, { headers: ctx.auth() })).json()).data;
    await ctx.time({
      title: 'PATCH of one place, then GET /api/places (the index patched, not rebuilt)',
      runs: 5,
      fn: async (i) => {
        const body = JSON.stringify({ notes: `Portón ${i}` });
        const patched = await fetch(`${ctx.baseUrl}/api/places/${newest.id}`, {
          method: 'PATCH',
          headers: { ...ctx.auth(), 'content-type': 'application/json' },
          body,
        });
        if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}`);
        const listed = await fetch(`${ctx.baseUrl}/api/places?limit=50`, { headers: ctx.auth() });
        if (listed.status !== 200) throw new Error(`GET answered ${listed.status}`);
      },
    });

    const files = Array.from({ length: 4 }, (_, run) => importFile(run));
    await ctx.time({ title: `POST /api/places/import, ${IMPORT_ROWS} new CSV rows`, runs: 3, fn: (i) => postImport(ctx, files[i + 1], 'created') });
    // The first list after an import that moves 10 000 of the 100 000 places (by their externalId):
    // the index patched from the import's logged places, not rebuilt.
    const moves = ['name,lat,lng,radiusM,address,externalId,tags'];
    for (let i = 0; i < IMPORT_ROWS; i++)
      moves.push(`Movido ${i},-33.${5000 + (i % 3000)},-70.${6000 + (i % 3000)},120,"Calle ${i}, Santiago",B-${i * 7},cliente`);
    await postImport(ctx, Buffer.from(moves.join('\n')), 'updated', 'acme');
    const afterImport = Date.now();
    await fetch(`${ctx.baseUrl}/api/places?limit=50`, { headers: ctx.auth() });
    ctx.note(`GET /api/places after an import of ${IMPORT_ROWS} places into ${PLACES}: patches the index`, Date.now() - afterImport, 'ms');
    await ctx.time({
      title: `POST /api/places/import, the same ${IMPORT_ROWS} rows again (unchanged)`,
      runs: 3,
      fn: () => postImport(ctx, files[1], 'unchanged'),
    });
    await ctx.time({ title: `POST /api/places/import?dryRun=true, ${IMPORT_ROWS} rows`, runs: 3, fn: () => postImport(ctx, files[1], 'unchanged') });
  },
};
