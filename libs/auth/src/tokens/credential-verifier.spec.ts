import { Types } from 'mongoose';
import type { AppConfig } from '@app/config';
import type { AuthPrincipal } from '../context/auth-context';
import { CredentialVerifier } from './credential-verifier.service';
import type { PrincipalLoader } from './principal-loader';
import { generateToken } from './token-codec';

describe('CredentialVerifier.cachedPrincipal', () => {
  const token = generateToken('api_token');
  const principal = { userId: new Types.ObjectId(), credential: { kind: 'api_token', id: new Types.ObjectId() } } as unknown as AuthPrincipal;
  let loads: number;
  let verifier: CredentialVerifier;

  beforeEach(() => {
    loads = 0;
    // The stored token, found by its hash (the model's chain as the verifier calls it).
    // bulkWrite: the last-use times written at shutdown.
    const apiTokens = {
      findOne: () => ({ lean: () => ({ exec: async () => (loads++, { _id: principal.credential.id, userId: principal.userId }) }) }),
      bulkWrite: async () => undefined,
    };
    const principals = { load: async () => principal } as unknown as PrincipalLoader;
    const config = { get: () => 10 } as unknown as AppConfig;
    verifier = new CredentialVerifier({} as never, apiTokens as never, principals, config);
  });
  afterEach(() => verifier.onApplicationShutdown());

  it('answers nothing for a token it has not verified', () => {
    expect(verifier.cachedPrincipal(`Bearer ${token}`)).toBeUndefined();
  });

  it('answers the principal of a token verified moments ago, without loading it again', async () => {
    await expect(verifier.verify(token)).resolves.toBe(principal);
    expect(verifier.cachedPrincipal(`Bearer ${token}`)).toBe(principal);
    expect(loads).toBe(1);
  });

  it('leaves every other form of the header to the strategy', async () => {
    await verifier.verify(token);
    for (const authorization of [`bearer ${token}`, `Bearer  ${token}`, `Bearer ${token} x`, `Basic ${token}`, token, `Bearer ${token.slice(0, -1)}`]) {
      expect(verifier.cachedPrincipal(authorization)).toBeUndefined();
    }
  });

  it('answers nothing once the token is evicted (revoked on this instance)', async () => {
    await verifier.verify(token);
    verifier.evict(token);
    expect(verifier.cachedPrincipal(`Bearer ${token}`)).toBeUndefined();
  });
});
