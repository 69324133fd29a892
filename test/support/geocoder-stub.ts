import { createServer, Server } from 'node:http';
import { listenOnLoopback, stopServer } from './local-server';

/**
 * A local Nominatim-compatible geocoder: `GET /reverse?format=jsonv2&lat=&lon=` → `{display_name}`
 * from `addresses` (key `lat,lon` as sent), else Nominatim's `{error: "Unable to geocode"}`;
 * `GET /search?format=json&q=` → the list in `matches` for that q, else `[]`. Records when each
 * request came; `mode` makes it fail, hang or answer something that is not a list.
 */
export interface GeocoderStub {
  url: string;
  addresses: Map<string, string>;
  matches: Map<string, Array<{ display_name: string; lat: string; lon: string }>>;
  requests: Array<{ lat: string; lon: string; q?: string; at: number; userAgent?: string }>;
  mode: 'ok' | 'error' | 'hang' | 'garbage';
  close(): Promise<void>;
}

export async function startGeocoderStub(): Promise<GeocoderStub> {
  const stub: Omit<GeocoderStub, 'url' | 'close'> = { addresses: new Map(), matches: new Map(), requests: [], mode: 'ok' };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const [lat, lon] = [url.searchParams.get('lat') ?? '', url.searchParams.get('lon') ?? ''];
    const q = url.searchParams.get('q') ?? undefined;
    stub.requests.push({ lat, lon, ...(q === undefined ? {} : { q }), at: Date.now(), userAgent: req.headers['user-agent'] });
    if (stub.mode === 'hang') return; // never answered; stopServer drops the connection
    res.setHeader('content-type', 'application/json');
    if (stub.mode === 'garbage') return res.end('{"not":"a list"}');
    if (stub.mode === 'ok' && url.pathname === '/search') return res.end(JSON.stringify(stub.matches.get(q ?? '') ?? []));
    if (stub.mode === 'error' || url.pathname !== '/reverse') {
      res.statusCode = stub.mode === 'error' ? 500 : 404;
      return res.end(JSON.stringify({ error: 'failure' }));
    }
    const address = stub.addresses.get(`${Number(lat)},${Number(lon)}`);
    res.end(JSON.stringify(address ? { display_name: address, lat, lon } : { error: 'Unable to geocode' }));
  });
  const url = await listenOnLoopback(server);
  return Object.assign(stub, { url, close: () => stopServer(server) });
}
