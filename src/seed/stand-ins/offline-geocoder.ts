import { createServer, Server } from 'node:http';
import communes from './santiago-communes.json';
import { listenOnLoopback, sendJson, stopServer } from './local-server';

/** Beyond this distance from every commune centre a point is "Unable to geocode", as Nominatim says at sea. */
const MAX_DISTANCE_KM = 25;

interface Commune {
  name: string;
  lat: number;
  lon: number;
  /** Unset: the file's region (Santiago's). */
  region?: string;
}

/** The commune whose centre is nearest, within MAX_DISTANCE_KM. */
export function nearestCommune(lat: number, lon: number, list: Commune[] = communes.communes): Commune | undefined {
  let best: Commune | undefined;
  let bestKm = MAX_DISTANCE_KM;
  for (const commune of list) {
    const km = distanceKm(lat, lon, commune.lat, commune.lon);
    if (km <= bestKm) [best, bestKm] = [commune, km];
  }
  return best;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  // Equirectangular: exact enough over a city, and no trigonometry per point beyond one cosine.
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  const y = lat2 - lat1;
  return Math.sqrt(x * x + y * y) * 111.32;
}

const words = (text: string) =>
  ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/**
 * The communes a text names (`"Av. Providencia 1234, Providencia"`) or starts to (`"provi"`), at
 * most 10: forward geocoding, offline, at each commune's centre.
 */
export function communesMatching(q: string, list: Commune[] = communes.communes): Commune[] {
  const text = words(q);
  if (text.trim() === '') return [];
  return list.filter((commune) => text.includes(words(commune.name)) || words(commune.name).startsWith(text.trimEnd())).slice(0, 10);
}

const label = (commune: Commune) => `${commune.name}, ${commune.region ?? communes.region}`;

/**
 * An offline Nominatim-compatible geocoder for the demo area (santiago-communes.json, with the
 * Valparaíso coast the demo trips reach): `GET /reverse?lat&lon&format=jsonv2` answers
 * `{display_name: "<commune>, Región Metropolitana de Santiago, Chile"}` from the nearest commune
 * centre, else `{error: "Unable to geocode"}`; `GET /search?q&format=json` the communes the text names.
 */
export async function startOfflineGeocoder(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://geocoder');
    if (url.pathname === '/search') {
      const found = communesMatching(url.searchParams.get('q') ?? '');
      return sendJson(
        res,
        200,
        found.map((commune) => ({ display_name: label(commune), lat: String(commune.lat), lon: String(commune.lon) })),
      );
    }
    if (url.pathname !== '/reverse') return sendJson(res, 404, { error: 'not found' });
    const [lat, lon] = [Number(url.searchParams.get('lat')), Number(url.searchParams.get('lon'))];
    const commune = Number.isFinite(lat) && Number.isFinite(lon) ? nearestCommune(lat, lon) : undefined;
    if (!commune) return sendJson(res, 200, { error: 'Unable to geocode' });
    sendJson(res, 200, {
      display_name: label(commune),
      lat: String(lat),
      lon: String(lon),
      address: { suburb: commune.name, country: 'Chile', country_code: 'cl' },
    });
  });
  const url = await listenOnLoopback(server);
  return { url, close: () => stopServer(server) };
}
