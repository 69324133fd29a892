// The QR scan under load: token check, code lookup by the unique {code} index, asset by _id,
// the asset's active forms, and two writes per scan (scan history + activity event).
module.exports = {
  name: 'inspections',
  async run(ctx) {
    const acme = ctx.manifest.clients.acme;
    const headers = ctx.auth('admin', 'acme');
    // Realistic volumes around the scanned code: many QR codes and forms of other clients.
    const clientId = new (require('mongoose').Types.ObjectId)();
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const randomCode = () => Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * 32)]).join('');
    const now = new Date();
    const codes = Array.from({ length: 20_000 }, () => ({ clientId, assetId: clientId, code: randomCode(), status: 'valid', createdAt: now, updatedAt: now }));
    await ctx.db
      .collection('inspection_qr_codes')
      .insertMany(codes, { ordered: false })
      .catch(() => undefined);
    ctx.note('inspection QR codes in the database', await ctx.db.collection('inspection_qr_codes').countDocuments(), 'documents');
    // 100 other clients with 20 forms each: the forms of an asset are a query over this collection.
    const template = await ctx.db.collection('dynamic_forms').findOne({ _id: new (require('mongoose').Types.ObjectId)(acme.forms.active) });
    const otherForms = Array.from({ length: 2000 }, (_, i) => {
      const { _id, ...form } = template;
      return { ...form, clientId: new (require('mongoose').Types.ObjectId)(), name: `Form ${i}`, allAssets: i % 2 === 0 };
    });
    await ctx.db.collection('dynamic_forms').insertMany(otherForms);
    ctx.note('dynamic forms in the database', await ctx.db.collection('dynamic_forms').countDocuments(), 'documents');

    await ctx.load({
      title: `GET /api/inspections/scan/{code} (valid code, ${acme.qrCodes.valid})`,
      path: `/api/inspections/scan/${acme.qrCodes.valid}`,
      headers,
    });
    await ctx.load({
      title: 'GET /api/inspections/scan/{code} (lower case with hyphen)',
      path: `/api/inspections/scan/${acme.qrCodes.valid.slice(0, 4).toLowerCase()}-${acme.qrCodes.valid.slice(4).toLowerCase()}`,
      headers,
      connections: [50],
    });
    await ctx.load({
      title: 'GET /api/inspections/scan/{assetId} (asset scan, no writes)',
      path: `/api/inspections/scan/${acme.assets.tracked}`,
      headers,
      connections: [50],
    });
    await ctx.load({
      title: 'GET /api/inspections/scan/{code} (revoked: 410)',
      path: `/api/inspections/scan/${acme.qrCodes.revoked}`,
      headers,
      connections: [50],
    });
    ctx.note('QR scans recorded during the run', await ctx.db.collection('inspection_qr_scans').countDocuments(), 'scans');
  },
};
