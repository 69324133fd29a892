import { GeocoderStub, startGeocoderStub } from '@app/testing/geocoder-stub';
import { GeocoderClient } from './geocoder.client';
import { RequestSpacer } from './request-spacer';

describe('RequestSpacer', () => {
  it('spaces calls by the interval and refuses a caller that would wait too long', async () => {
    const spacer = new RequestSpacer(100);
    const started = Date.now();
    const times: number[] = [];
    await Promise.all([0, 1, 2].map(async () => (await spacer.acquire(1000)) && times.push(Date.now() - started)));
    times.sort((a, b) => a - b);
    expect(times[1]).toBeGreaterThanOrEqual(100);
    expect(times[2]).toBeGreaterThanOrEqual(200);
    expect(await spacer.acquire(0)).toBe(false);
  });
});

describe('GeocoderClient against a local Nominatim-like server', () => {
  let stub: GeocoderStub;
  beforeAll(async () => {
    stub = await startGeocoderStub();
    stub.addresses.set('-33.4489,-70.6693', 'Plaza de Armas, Santiago');
  });
  afterEach(() => {
    stub.mode = 'ok';
  });
  afterAll(() => stub.close());

  // A time limit a busy CI machine always meets on a good answer; the hang case sets a short one.
  const client = (timeoutMs = 5000) => new GeocoderClient({ baseUrl: stub.url, timeoutMs, minIntervalMs: 10 });

  it('reads display_name, and null where Nominatim has no address', async () => {
    expect(await client().reverse(-33.4489, -70.6693)).toBe('Plaza de Armas, Santiago');
    expect(await client().reverse(0, 0)).toBeNull();
  });

  it('fails on errors and time-outs', async () => {
    stub.mode = 'error';
    await expect(client().reverse(0, 0)).rejects.toThrow('Geocoder failed: answered 500');
    stub.mode = 'hang';
    await expect(client(200).reverse(0, 0)).rejects.toThrow(/Geocoder failed/);
  });

  it('answers null without a URL, without calling anything', async () => {
    const none = new GeocoderClient({ timeoutMs: 100 });
    expect(none.enabled).toBe(false);
    expect(await none.reverse(1, 1)).toBeNull();
  });

  it('says it is busy rather than queueing past its bound', async () => {
    const slow = new GeocoderClient({ baseUrl: stub.url, timeoutMs: 5000, minIntervalMs: 5000, maxQueueMs: 100 });
    await slow.reverse(0, 0);
    await expect(slow.reverse(0, 0)).rejects.toThrow('Geocoder busy: rate limit reached');
  });
});
