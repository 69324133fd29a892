import { Agent as HttpAgent, request as httpRequest, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, hostOf, RefusedDestination, resolveChecked, urlProblem } from './network-guard';

/** What one attempt came to. `refused`: the network guard stopped it before any connection. */
export interface AttemptResult {
  status: number | null;
  durationMs: number;
  error: string | null;
  refused: boolean;
}

export interface SignedMessage {
  messageId: string;
  body: string;
  /** The secrets that sign it: the current one and a rotated-out one still in its 24 h. */
  secrets: readonly string[];
}

/** The most of a receiver's answer read (and thrown away) before the connection is closed. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The Standard Webhooks headers of one attempt: `webhook-id`, `webhook-timestamp` (now) and
 * `webhook-signature`, one `v1,<base64>` per secret, separated by spaces (the package's
 * `Webhook.verify` accepts a message when any of them matches its secret).
 */
export function signedHeaders({ messageId, body, secrets }: SignedMessage, at = new Date()): Record<string, string> {
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' '),
  };
}

export interface SenderOptions {
  allowed: BlockList;
  requireHttps: boolean;
  timeoutMs: number;
}

/**
 * POSTs signed webhook messages under the network guard: the URL checked, the host resolved and
 * every address checked, the socket connected only to a checked address (the agents' `lookup`),
 * no redirect followed (a 3xx is a failed attempt), the whole attempt bounded by `timeoutMs`.
 */
export class WebhookSender {
  private readonly lookup: ReturnType<typeof guardedLookup>;
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;

  constructor(private readonly options: SenderOptions) {
    this.lookup = guardedLookup(options.allowed);
    this.http = new HttpAgent({ keepAlive: true, maxSockets: 50, lookup: this.lookup as never });
    this.https = new HttpsAgent({ keepAlive: true, maxSockets: 50, lookup: this.lookup as never });
  }

  /** The URL's problem at creation (scheme, literal address, every address its name resolves to), or null. */
  async problemOf(url: string): Promise<string | null> {
    const problem = urlProblem(url, this.options);
    if (problem) return problem;
    try {
      await resolveChecked(hostOf(new URL(url)), this.options.allowed);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  async post(url: string, message: SignedMessage): Promise<AttemptResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const problem = urlProblem(url, this.options);
    if (problem) return { status: null, durationMs: took(), error: `refused: ${problem}`, refused: true };
    const target = new URL(url);
    try {
      // A literal address is not looked up by the socket: checked here (the URL check did it too).
      await resolveChecked(hostOf(target), this.options.allowed);
    } catch (error) {
      return { status: null, durationMs: took(), error: `refused: ${(error as Error).message}`, refused: true };
    }
    const headers = { 'content-type': 'application/json', 'user-agent': 'FleetWebhooks/1.0', ...signedHeaders(message) };
    try {
      const status = await this.send(target, message.body, headers);
      return { status, durationMs: took(), error: status >= 200 && status < 300 ? null : `HTTP ${status}`, refused: false };
    } catch (error) {
      const refused = error instanceof RefusedDestination;
      return { status: null, durationMs: took(), error: refused ? `refused: ${(error as Error).message}` : (error as Error).message, refused };
    }
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }

  private send(target: URL, body: string, headers: Record<string, string>): Promise<number> {
    const secure = target.protocol === 'https:';
    return new Promise<number>((done, fail) => {
      const request = (secure ? httpsRequest : httpRequest)(
        target,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: secure ? this.https : this.http, lookup: this.lookup as never },
        (response: IncomingMessage) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          response.on('close', () => done(response.statusCode ?? 0));
          response.on('error', () => done(response.statusCode ?? 0));
        },
      );
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      request.on('error', (error) => fail(error));
      request.on('close', () => clearTimeout(timer));
      request.end(body);
    }).catch((error: NodeJS.ErrnoException) => {
      throw error instanceof RefusedDestination ? error : new Error(error.code ? `${error.code}: ${error.message}` : error.message);
    });
  }
}
