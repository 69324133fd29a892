import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { ALL_PERMISSIONS, ApiTokenService, IdentityProvisioning, Permission, SessionService, StoredUser } from '@app/auth';

export interface TestUser {
  user: StoredUser;
  email: string;
  password: string;
  /** Session token (Bearer or cookie). */
  token: string;
  apiToken: string;
}

export interface TestUserOptions {
  permissions?: readonly Permission[];
  protected?: boolean;
  trackerIds?: Types.ObjectId[];
  partnerLogin?: string;
  password?: string;
}

export interface TestTenant {
  clientId: Types.ObjectId;
  /** A user with every permission (unless told otherwise) and all trackers. */
  admin: TestUser;
  addUser(options?: TestUserOptions): Promise<TestUser>;
}

const unique = () => randomBytes(5).toString('hex');

/** A fresh client with its own users: every test builds its own tenant instead of truncating. */
export async function createTenant(app: INestApplication, adminOptions: TestUserOptions = {}): Promise<TestTenant> {
  const identities = app.get(IdentityProvisioning);
  const sessions = app.get(SessionService);
  const apiTokens = app.get(ApiTokenService);
  const clientId = await identities.createClient(`Client ${unique()}`);

  const addUser = async (options: TestUserOptions = {}): Promise<TestUser> => {
    const permissions = options.permissions ?? ALL_PERMISSIONS;
    const roleName = `role-${createHash('sha1')
      .update(`${permissions.join('+')}|${options.protected}`)
      .digest('hex')
      .slice(0, 12)}`;
    const roleId = await identities.ensureRole(clientId, roleName, permissions, options.protected ?? false);
    const email = `user-${unique()}@fleet.test`;
    const { user, password } = await identities.createUser({
      clientId,
      email,
      name: `User ${email.slice(5, 10)}`,
      password: options.password,
      roleId,
      trackerIds: options.trackerIds,
      partnerLogin: options.partnerLogin,
    });
    const session = await sessions.issue(user);
    const apiToken = await apiTokens.create({ userId: user._id, clientId }, 'test');
    return { user, email, password, token: session.token, apiToken: apiToken.token };
  };

  const admin = await addUser({ protected: true, ...adminOptions });
  return { clientId, admin, addUser };
}

export const NO_PERMISSIONS: readonly Permission[] = [];
export const EVERY_PERMISSION = ALL_PERMISSIONS;

/** Revokes the user's API token (found by its hint) and logs its session out, through the API: both its credentials dead. */
export async function revokeCredentials(app: INestApplication, user: TestUser): Promise<void> {
  const auth = { Authorization: `Bearer ${user.token}` };
  const tokens = (await request(app.getHttpServer()).get('/api/auth/api-tokens').set(auth).expect(200)).body.data as Array<{ id: string; hint: string }>;
  const { id } = tokens.find((token) => token.hint === `…${user.apiToken.slice(-4)}`)!;
  await request(app.getHttpServer()).delete(`/api/auth/api-tokens/${id}`).set(auth).expect(200);
  await request(app.getHttpServer()).post('/api/auth/logout').set(auth).expect(200);
}

/** The headers every authenticated route refuses with 401: none, a bogus and a random bearer, and the revoked user's session and API token. */
export const refusedCredentials = (revoked: TestUser): Array<Record<string, string>> => [
  {},
  { Authorization: 'Bearer atk_bogus' },
  { Authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
  { Authorization: `Bearer ${revoked.token}` },
  { Authorization: `Bearer ${revoked.apiToken}` },
];
