// Every endpoint of the spec under load at 1, 10 and 50 connections, each with a valid request
// built from the demo manifest (reads and idempotent writes only: no load test creates data
// without bound, except scans and reports, which record what they must).
module.exports = {
  name: 'endpoints',
  async run(ctx) {
    const acme = ctx.manifest.clients.acme;
    const auth = ctx.auth();
    const seconds = Math.min(ctx.seconds, 3);
    const today = new Date();
    const day = (offset) => {
      const d = new Date(today.getTime() - offset * 86_400_000);
      return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    };
    const routes = [
      ['GET /api/drivers/{id}', 'GET', `/api/drivers/${acme.drivers.existing.id}`],
      ['GET /api/partner/{userId}', 'GET', `/api/partner/${acme.users.admin.id}`],
      ['GET /api/activity-log/{id}', 'GET', `/api/activity-log/${acme.activityEvent}`],
      ['POST /api/positions/stats (1 asset, 1 day)', 'POST', '/api/positions/stats', { assetIds: [acme.assets.tracked], from: day(1), to: day(1) }],
      [
        'POST /api/reports/temperature/stats (1 asset, 1 day)',
        'POST',
        `/api/reports/temperature/stats?from=${day(1)}&to=${day(1)}`,
        { assetIds: [acme.assets.tracked] },
      ],
      ['GET /api/trips/{vendorId}/trip/{tripId}', 'GET', `/api/trips/${acme.trip.vendorId}/trip/${acme.trip.tripId}`],
      ['GET /api/inspections/scan/{assetId}', 'GET', `/api/inspections/scan/${acme.assets.tracked}`],
      ['GET /api/dynamic-forms', 'GET', '/api/dynamic-forms'],
      ['GET /api/maintenance/work-orders/categories', 'GET', '/api/maintenance/work-orders/categories'],
      ['GET /api/fuel-prices/history', 'GET', '/api/fuel-prices/history'],
      ['GET /api/cargo/ubicaciones/{id}', 'GET', `/api/cargo/ubicaciones/${acme.cargoLocation}`],
      ['PATCH /api/fuel-tariffs/{id} (same name: no change)', 'PATCH', `/api/fuel-tariffs/${acme.fuelTariff}`, { name: 'Flota diesel' }],
    ];
    for (const [title, method, path, body] of routes) {
      await ctx.load({ title, method, path, headers: auth, body, seconds });
    }
  },
};
