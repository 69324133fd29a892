import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { createApiTokenCommand } from '../../src/cli/commands/create-api-token.command';
import { createClientCommand } from '../../src/cli/commands/create-client.command';
import { createUserCommand } from '../../src/cli/commands/create-user.command';
import { revokeTokenCommand } from '../../src/cli/commands/revoke-token.command';

describe('command line: create-client, create-user, create-api-token, revoke-token', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('provisions a client and a user who can sign in and use an API token until it is revoked', async () => {
    const client = (await createClientCommand.run(t.app, { name: 'Transportes Sur' })) as { id: string };
    const user = (await createUserCommand.run(t.app, {
      client: client.id,
      email: 'Ana@Sur.cl',
      name: 'Ana',
      role: 'Operaciones',
      permissions: 'access_drivers,access_reports',
    })) as { id: string; email: string; password: string };
    expect(user.email).toBe('ana@sur.cl');
    expect(user.password).toHaveLength(16);

    const login = await request(t.server).post('/api/auth/login').send({ email: 'ana@sur.cl', password: user.password }).expect(200);
    expect(login.body.data.user.permissions).toEqual(['access_drivers', 'access_reports']);

    const created = (await createApiTokenCommand.run(t.app, { email: 'ana@sur.cl', name: 'ERP', 'expires-days': '7' })) as { token: string };
    await request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${created.token}`).expect(200);
    expect(await revokeTokenCommand.run(t.app, { token: created.token })).toEqual({ kind: 'api_token', revoked: true });
    await request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${created.token}`).expect(401);

    const session = login.body.data.token;
    expect(await revokeTokenCommand.run(t.app, { token: session })).toEqual({ kind: 'session', revoked: true });
    await request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${session}`).expect(401);
  });

  it('explains bad input', async () => {
    await expect(createUserCommand.run(t.app, { client: 'nope', email: 'a@b.cl', name: 'A' })).rejects.toThrow(/--client/);
    const client = (await createClientCommand.run(t.app, { name: 'X' })) as { id: string };
    await expect(createUserCommand.run(t.app, { client: client.id, email: 'b@b.cl', name: 'B', permissions: 'fly' })).rejects.toThrow(
      /unknown permissions: fly/,
    );
    await expect(createClientCommand.run(t.app, {})).rejects.toThrow(/--name is required/);
    await expect(revokeTokenCommand.run(t.app, { token: 'eyJhbGciOi' })).rejects.toThrow(/not a session or API token/);
  });
});
