import { Injectable } from '@nestjs/common';
import axios, { AxiosInstance, isAxiosError } from 'axios';
import { AppConfig } from '@app/config';
import { RequestSpacer } from './request-spacer';

export interface GeocoderOptions {
  /** Base URL of a Nominatim-compatible API; undefined: no geocoding. */
  baseUrl?: string;
  timeoutMs: number;
  /** Minimum time between two requests (1000 ms: Nominatim's usage policy). */
  minIntervalMs?: number;
  /** How long a call may wait for its turn before giving up. */
  maxQueueMs?: number;
  userAgent?: string;
  /** A larger answer is refused while it arrives (a Nominatim answer is about 1-2 KB). */
  maxResponseBytes?: number;
}

/** The geocoder failed, timed out, or is busy (its rate limit would make the caller wait too long). */
export class GeocoderError extends Error {
  override name = 'GeocoderError';

  constructor(
    message: string,
    /** Refused before asking: the rate limit would have made the caller wait too long. */
    readonly busy = false,
  ) {
    super(message);
  }
}

/** A place found by forward geocoding. */
export interface GeocoderMatch {
  label: string;
  lat: number;
  lng: number;
}

/** The most matches `search` answers. */
export const MAX_GEOCODER_MATCHES = 10;

/**
 * Reverse and forward geocoding through a Nominatim-compatible HTTP API (`GET /reverse?format=jsonv2`,
 * `GET /search?format=json&q=`).
 * Each call is bounded like the billing portal's: `timeoutMs` for the whole exchange (a slow
 * drip resets an idle timer forever) and a maximum answer size.
 */
export class GeocoderClient {
  private readonly http?: AxiosInstance;
  private readonly timeoutMs: number;
  private readonly spacer: RequestSpacer;
  private readonly maxQueueMs: number;

  constructor(options: GeocoderOptions) {
    this.spacer = new RequestSpacer(options.minIntervalMs ?? 1000);
    this.maxQueueMs = options.maxQueueMs ?? 2000;
    this.timeoutMs = options.timeoutMs;
    if (options.baseUrl) {
      this.http = axios.create({
        baseURL: options.baseUrl.replace(/\/+$/, ''),
        timeout: options.timeoutMs,
        maxContentLength: options.maxResponseBytes ?? 1024 * 1024,
        // Nominatim's policy asks for an identifying User-Agent.
        headers: { 'User-Agent': options.userAgent ?? 'fleet-platform-api/1.0', Accept: 'application/json' },
      });
    }
  }

  get enabled(): boolean {
    return this.http !== undefined;
  }

  /** The address at a point; null when the geocoder knows none there. Throws `GeocoderError`. */
  async reverse(lat: number, lng: number, language = 'es'): Promise<string | null> {
    if (!this.http) return null;
    const data = await this.get<{ display_name?: unknown; error?: unknown }>('/reverse', { format: 'jsonv2', lat, lon: lng, 'accept-language': language });
    return typeof data?.display_name === 'string' && data.display_name.length > 0 ? data.display_name : null;
  }

  /**
   * The places matching a text, best first, at most MAX_GEOCODER_MATCHES (entries without a label
   * or a valid position are skipped); `[]` when the geocoder is off. Throws `GeocoderError`.
   */
  async search(q: string, language = 'es'): Promise<GeocoderMatch[]> {
    if (!this.http) return [];
    const data = await this.get<unknown>('/search', { format: 'json', q, limit: MAX_GEOCODER_MATCHES, 'accept-language': language });
    if (!Array.isArray(data)) throw new GeocoderError('Geocoder failed: its answer is not a list');
    return data
      .flatMap((entry: { display_name?: unknown; lat?: unknown; lon?: unknown } | null) => {
        const [lat, lng] = [Number(entry?.lat), Number(entry?.lon)];
        const label = entry?.display_name;
        const valid = typeof label === 'string' && label.length > 0 && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
        return valid && entry?.lat !== '' && entry?.lon !== '' ? [{ label, lat, lng }] : [];
      })
      .slice(0, MAX_GEOCODER_MATCHES);
  }

  /** One bounded request in the spacer's turn: the whole exchange within `timeoutMs`. */
  private async get<T>(path: string, params: Record<string, unknown>): Promise<T> {
    if (!(await this.spacer.acquire(this.maxQueueMs))) throw new GeocoderError('Geocoder busy: rate limit reached', true);
    try {
      return (await this.http!.get<T>(path, { params, signal: AbortSignal.timeout(this.timeoutMs) })).data;
    } catch (error) {
      const detail = isAxiosError(error) ? (error.response ? `answered ${error.response.status}` : (error.code ?? error.message)) : (error as Error).message;
      throw new GeocoderError(`Geocoder failed: ${detail}`);
    }
  }
}

/** The client for the app's configuration (`GEOCODER_URL`, `GEOCODER_TIMEOUT_MS`). */
@Injectable()
export class ConfiguredGeocoderClient extends GeocoderClient {
  constructor(config: AppConfig) {
    super({ baseUrl: config.get('GEOCODER_URL'), timeoutMs: config.get('GEOCODER_TIMEOUT_MS') });
  }
}
