import { signPartnerLogin } from './partner-signature';

describe('signPartnerLogin', () => {
  // Expected hash from `printf 'acme-admin:1700000000' | openssl dgst -sha256 -hmac 'a-shared-secret-of-the-partner'`.
  const EXPECTED = '720a614b621dc45a69a26c03b9371a1ccbd2759e213894a390b8ae4e225a82b9';

  it('signs `${login}:${timestamp}` with HMAC-SHA256 and the shared secret', () => {
    const signed = signPartnerLogin({
      login: 'acme-admin',
      secret: 'a-shared-secret-of-the-partner',
      platformUrl: 'https://partner.example.com/sso',
      now: new Date(1_700_000_000_999),
    });
    expect(signed).toEqual({
      login: 'acme-admin',
      algorithm: 'HMAC-SHA256',
      timestamp: 1_700_000_000,
      expiresAt: new Date(1_700_000_300_000),
      hash: EXPECTED,
      authUrl: `https://partner.example.com/sso?login=acme-admin&ts=1700000000&hash=${EXPECTED}`,
    });
  });

  it('keeps the query of the configured URL and escapes the login', () => {
    const { authUrl } = signPartnerLogin({
      login: 'ana maría&co',
      secret: 's'.repeat(16),
      platformUrl: 'https://p.example.com/login?lang=es',
      now: new Date(0),
    });
    const url = new URL(authUrl);
    expect(url.searchParams.get('lang')).toBe('es');
    expect(url.searchParams.get('login')).toBe('ana maría&co');
    expect(url.searchParams.get('ts')).toBe('0');
  });

  it('changes the hash with the time and with the secret', () => {
    const base = { login: 'x', secret: 'first-secret-0000', platformUrl: 'https://p.example.com', now: new Date(1_000) };
    const hash = signPartnerLogin(base).hash;
    expect(signPartnerLogin({ ...base, now: new Date(2_000) }).hash).not.toBe(hash);
    expect(signPartnerLogin({ ...base, secret: 'other-secret-0000' }).hash).not.toBe(hash);
  });
});
