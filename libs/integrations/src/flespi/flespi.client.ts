import { Injectable } from '@nestjs/common';
import axios, { AxiosInstance, isAxiosError } from 'axios';
import { AppConfig } from '@app/config';
import { FlespiDeviceTelemetry, FlespiError, FlespiInterval, FlespiMessage, FlespiMessageQuery } from './flespi.types';

export interface FlespiClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** Messages asked per page. */
  pageSize?: number;
  /** A range holding more messages than this is refused rather than held in memory. */
  maxMessages?: number;
  /** An answer larger than this is refused while it arrives (a page of 50 000 messages is ~10 MB). */
  maxResponseBytes?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * The flespi REST API calls the platform makes: device messages of a range (only the fields
 * asked, paged by time) and calculator intervals (trips). Every call is bounded like the billing
 * portal's: `timeoutMs` for the whole exchange (not only an idle socket, which a slow drip never
 * is) and a maximum answer size; any failure is a `FlespiError`.
 */
export class FlespiClient {
  private readonly http: AxiosInstance;
  private readonly pageSize: number;
  private readonly maxMessages: number;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(options: FlespiClientOptions) {
    this.timeoutMs = options.timeoutMs;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      timeout: options.timeoutMs,
      maxContentLength: this.maxResponseBytes,
      headers: { Authorization: `FlespiToken ${options.token}`, Accept: 'application/json' },
    });
    this.pageSize = options.pageSize ?? 50_000;
    this.maxMessages = options.maxMessages ?? 2_000_000;
  }

  /** The device's messages with `from ≤ timestamp ≤ to`, oldest first, one per timestamp. */
  async messages(deviceId: number, query: FlespiMessageQuery): Promise<FlespiMessage[]> {
    const all: FlespiMessage[] = [];
    let from = query.from;
    let lastTs = -Infinity;
    for (;;) {
      const data = { from, to: query.to, fields: query.fields.join(','), limit: this.pageSize };
      const page = await this.result<FlespiMessage>(`/gw/devices/${deviceId}/messages`, { data: JSON.stringify(data) });
      // A page starts at the previous page's last timestamp: keep one message per timestamp.
      for (const message of page) {
        if (message.timestamp > lastTs) all.push(message);
        lastTs = Math.max(lastTs, message.timestamp);
      }
      if (all.length > this.maxMessages) throw new FlespiError(`More than ${this.maxMessages} messages in the range of device ${deviceId}`);
      if (page.length < this.pageSize) return all;
      // A whole page of one timestamp would repeat forever: step past it.
      from = page[0].timestamp === lastTs && from === lastTs ? lastTs + 1 : lastTs;
    }
  }

  /**
   * The latest value of each parameter of these devices (`GET /gw/devices/{ids}/telemetry`), at
   * most 100 devices per call; devices flespi does not know are absent from the answer.
   */
  async telemetry(deviceIds: readonly number[]): Promise<FlespiDeviceTelemetry[]> {
    const all: FlespiDeviceTelemetry[] = [];
    for (let i = 0; i < deviceIds.length; i += 100) {
      all.push(...(await this.result<FlespiDeviceTelemetry>(`/gw/devices/${deviceIds.slice(i, i + 100).join(',')}/telemetry`)));
    }
    return all;
  }

  /** One calculator interval of a device, from any calculator assigned to it (`all`). */
  async interval(deviceId: number, intervalId: number, calcSelector = 'all'): Promise<FlespiInterval | null> {
    const found = await this.result<FlespiInterval>(`/gw/calcs/${calcSelector}/devices/${deviceId}/intervals/${intervalId}`, undefined, true);
    return found[0] ?? null;
  }

  private async result<T>(path: string, params?: Record<string, string>, notFoundIsEmpty = false): Promise<T[]> {
    try {
      // The signal bounds the whole exchange; axios' own `timeout` is only a socket idle time.
      const response = await this.http.get<{ result?: T[] }>(path, { params, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!Array.isArray(response.data?.result)) throw new FlespiError(`flespi answered ${path} without a result array`, response.status);
      return response.data.result;
    } catch (error) {
      if (error instanceof FlespiError) throw error;
      if (isAxiosError(error)) {
        const status = error.response?.status;
        // An unknown interval is an empty answer; elsewhere a 404 means a wrong FLESPI_URL.
        if (status === 404 && notFoundIsEmpty) return [];
        const reason =
          error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.code === 'ERR_CANCELED'
            ? `timed out (no complete answer within ${this.timeoutMs} ms)`
            : /maxContentLength/.test(error.message)
              ? `answered more than ${this.maxResponseBytes} bytes`
              : status
                ? `answered ${status}`
                : `is unreachable (${error.code ?? error.message})`;
        throw new FlespiError(`flespi ${reason} on GET ${path}`, status);
      }
      throw new FlespiError(`flespi call GET ${path} failed: ${(error as Error).message}`);
    }
  }
}

/** The client for the app's configuration (`FLESPI_URL`, `FLESPI_TOKEN`, `FLESPI_TIMEOUT_MS`). */
@Injectable()
export class ConfiguredFlespiClient extends FlespiClient {
  constructor(config: AppConfig) {
    super({ baseUrl: config.get('FLESPI_URL'), token: config.get('FLESPI_TOKEN') ?? '', timeoutMs: config.get('FLESPI_TIMEOUT_MS') });
  }
}
