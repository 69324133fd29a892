// Driver import at 100/500/1000 rows (constant round trips: the time should grow with the rows'
// validation and insert, not with per-row queries), the rejection path, and the driver lookup.
const { join } = require('node:path');
const { rutCheckDigit } = require(join(__dirname, '../../dist/libs/formats/src/rut.js'));

const rut = (body) => `${body}-${rutCheckDigit(String(body))}`;
let nextRutBody = 30_000_000;

function importBody(count) {
  const rows = Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    firstName: `Conductor ${i}`,
    lastName: 'Pérez Soto',
    rut: rut(nextRutBody + i),
    phone: '+56912345678',
    email: `conductor${nextRutBody + i}@example.cl`,
    address: 'Av. Libertador Bernardo O’Higgins 1234',
    city: 'Santiago',
  }));
  nextRutBody += count;
  return JSON.stringify({ rows });
}

async function postImport(ctx, body, expectedCreated) {
  const res = await fetch(`${ctx.baseUrl}/api/drivers/import`, { method: 'POST', headers: { 'content-type': 'application/json', ...ctx.auth() }, body });
  const json = await res.json();
  if (res.status !== 201 || json.data.createdCount !== expectedCreated) {
    throw new Error(`import answered ${res.status} with ${JSON.stringify(json).slice(0, 300)}`);
  }
}

module.exports = {
  name: 'drivers',
  async run(ctx) {
    const runs = 5;
    for (const count of [100, 500, 1000]) {
      // Bodies are built before timing: each run imports fresh RUTs, so every row is created.
      const bodies = Array.from({ length: runs + 1 }, () => importBody(count));
      await ctx.time({ title: `POST /api/drivers/import, ${count} new rows (request round trip)`, runs, fn: (i) => postImport(ctx, bodies[i + 1], count) });
    }
    const known = importBody(1000);
    await postImport(ctx, known, 1000);
    await ctx.time({ title: 'POST /api/drivers/import, 1000 rows all already registered', runs, fn: () => postImport(ctx, known, 0) });

    const { id } = ctx.manifest.clients.acme.drivers.existing;
    await ctx.load({ title: 'GET /api/drivers/:id', path: `/api/drivers/${id}`, headers: ctx.auth() });
    await ctx.load({
      title: 'GET /api/drivers/:id of another client (404 path)',
      path: `/api/drivers/${ctx.manifest.clients.globex.drivers.existing.id}`,
      headers: ctx.auth(),
      connections: [10],
    });
  },
};
