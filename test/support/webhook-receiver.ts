import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Answer = number | { status: number; headers?: Record<string, string> };

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: keeps every request, answers what `answer`
 * says for each (a status, or a status and headers), 200 by default.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** A status, or a status and headers; a promise of one holds the answer until it settles. */
  answer: (request: ReceivedWebhook, index: number) => Answer | Promise<Answer> = () => 200;
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(request);
        void Promise.resolve(this.answer(request, this.received.length - 1)).then((answer) => {
          const { status, headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
          res.writeHead(status, headers).end('ok');
        });
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  close(): Promise<void> {
    return new Promise((done) => (this.server ? this.server.close(() => done()) : done()));
  }
}

/** Waits until `check` answers something truthy (polling), or fails naming `what`. */
export async function eventually<T>(check: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}
