import { Logger } from '@nestjs/common';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';

export interface WebhookReceiverStandIn {
  /** Where it listens: the demo webhook endpoints POST to `{url}/demo-webhooks`. */
  readonly url: string;
  close(): Promise<void>;
}

interface Received {
  webhookId: string | undefined;
  type: string | undefined;
  signature: string | undefined;
  receivedAt: string;
}

/**
 * The demo's webhook receiver (outside production, embedded database): on 127.0.0.1, it answers
 * 204 to every POST, logs a line per message (webhook-id and type) and answers `GET /` with the
 * last 100 it received, so that `npm start` shows webhook deliveries without a receiver of one's own.
 */
export async function startWebhookReceiverStandIn(): Promise<WebhookReceiverStandIn> {
  const logger = new Logger('DemoWebhookReceiver');
  const received: Received[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }, null, 2));
      return;
    }
    let body = '';
    let size = 0;
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      size += chunk.length;
      if (size <= 256 * 1024) body += chunk;
    });
    req.on('end', () => {
      let type: string | undefined;
      try {
        type = (JSON.parse(body) as { type?: string }).type;
      } catch {
        type = undefined;
      }
      const entry = {
        webhookId: req.headers['webhook-id'] as string | undefined,
        type,
        signature: req.headers['webhook-signature'] as string | undefined,
        receivedAt: new Date().toISOString(),
      };
      received.unshift(entry);
      received.length = Math.min(received.length, 100);
      logger.log(`received ${entry.type ?? 'a message'} (webhook-id ${entry.webhookId ?? '-'})`);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
