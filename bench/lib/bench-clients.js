// Clients of their own for the ingestion scenarios (events, alerts, fleet): a client with an admin
// (protected role) and `recipients` users, each with an `atk_` API token, inserted in bulk.
const { createHash, randomBytes } = require('node:crypto');
const { join } = require('node:path');

const { ALL_PERMISSIONS } = require(join(__dirname, '../../dist/libs/auth/src/permissions.js'));

/** Answers `{id, admin: {id, headers}, users: [{id, headers}]}`. */
async function newClient(ctx, name, recipients = 0) {
  const now = new Date();
  const { insertedId: clientId } = await ctx.db.collection('clients').insertOne({ name, timeZone: 'America/Santiago', createdAt: now, updatedAt: now });
  const role = async (roleName, isProtected) =>
    (
      await ctx.db
        .collection('roles')
        .insertOne({ clientId, name: roleName, permissions: [...ALL_PERMISSIONS], protected: isProtected, createdAt: now, updatedAt: now })
    ).insertedId;
  const adminRole = await role('Bench admin', true);
  const userRole = await role('Bench recipient', false);
  const tag = randomBytes(4).toString('hex');
  const user = async (email, roleId) => {
    // No one logs in with a password here: the users authenticate with their API tokens.
    const { insertedId } = await ctx.db.collection('users').insertOne({
      clientId,
      email,
      name: email.split('@')[0],
      passwordHash: 'bench-no-password',
      roleId,
      trackerScope: { all: true, trackerIds: [] },
      language: 'es',
      active: true,
      createdAt: now,
      updatedAt: now,
    });
    const token = `atk_${randomBytes(32).toString('base64url')}`;
    await ctx.db.collection('api_tokens').insertOne({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: insertedId,
      clientId,
      name: 'bench',
      hint: `…${token.slice(-4)}`,
      createdAt: now,
      updatedAt: now,
    });
    return { id: insertedId.toHexString(), headers: { authorization: `Bearer ${token}` } };
  };
  const admin = await user(`bench-admin-${tag}@clients.bench`, adminRole);
  const users = [];
  for (let i = 0; i < recipients; i++) users.push(await user(`bench-recipient-${i}-${tag}@clients.bench`, userRole));
  return { id: clientId.toHexString(), admin, users };
}

/** A call to the app as `headers`' user; answers `data`, throws on anything but 2xx. */
async function api(ctx, headers, method, path, body) {
  const res = await fetch(`${ctx.baseUrl}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 400)}`);
  return json.data ?? json;
}

module.exports = { newClient, api };
