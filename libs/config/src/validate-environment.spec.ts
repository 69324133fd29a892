import { validateEnvironment } from './validate-environment';

describe('validateEnvironment', () => {
  it('applies the documented defaults', () => {
    const env = validateEnvironment({});
    expect(env.PORT).toBe(3000);
    expect(env.SESSION_COOKIE_NAME).toBe('fleet_session');
    expect(env.TELEMETRY_SOURCE).toBe('store');
    expect(env.RATE_LIMIT_ENABLED).toBe(true);
    expect(env.BILLING_PORTAL_TIMEOUT_MS).toBe(10000);
    expect(env.METERS_FROM_TELEMETRY).toBe(true);
  });

  it('parses numbers, booleans and lists from strings', () => {
    const env = validateEnvironment({ PORT: '8080', RATE_LIMIT_ENABLED: 'false', APP_ORIGINS: 'https://a.cl, https://b.cl' });
    expect(env.PORT).toBe(8080);
    expect(env.RATE_LIMIT_ENABLED).toBe(false);
    expect(env.APP_ORIGINS).toEqual(['https://a.cl', 'https://b.cl']);
    expect(validateEnvironment({ METERS_FROM_TELEMETRY: 'false' }).METERS_FROM_TELEMETRY).toBe(false);
  });

  it('names the malformed variable', () => {
    expect(() => validateEnvironment({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => validateEnvironment({ BILLING_PORTAL_URL: 'not a url' })).toThrow(/BILLING_PORTAL_URL/);
  });

  it('demands a flespi token only when flespi is the telemetry source', () => {
    expect(() => validateEnvironment({ TELEMETRY_SOURCE: 'flespi' })).toThrow(/FLESPI_TOKEN/);
    expect(validateEnvironment({ TELEMETRY_SOURCE: 'flespi', FLESPI_TOKEN: 'x' }).FLESPI_TOKEN).toBe('x');
  });
});
