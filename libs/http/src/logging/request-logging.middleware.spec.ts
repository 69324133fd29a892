import express from 'express';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { AppLogger } from './app-logger';
import { requestLogging } from './request-logging.middleware';

/** A logger whose JSON lines are collected in memory. */
function collectingLogger(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()));
      callback();
    },
  });
  return { logger: new AppLogger({ level, stream }), lines };
}

function appWith(logger: AppLogger) {
  const app = express();
  app.use(requestLogging(logger.pino));
  app.get('/ok', (req, res) => res.json({ id: req.id }));
  app.get('/missing', (_req, res) => res.status(404).end());
  app.get('/broken', (_req, res) => res.status(503).end());
  app.get('/slow', () => undefined); // never answers: the client gives up
  app.get('/stream', (_req, res) => res.status(200).flushHeaders()); // an answer under way, never finished
  return app;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('requestLogging', () => {
  it('gives the request an id, echoes it and writes one line with it when the response is sent', async () => {
    const { logger, lines } = collectingLogger();
    const res = await request(appWith(logger)).get('/ok?x=1').expect(200);
    await settle();
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({ id });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: id,
        req: expect.objectContaining({ method: 'GET', url: '/ok?x=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('keeps a plain caller request id and logs 4xx as warn, 5xx as error', async () => {
    const { logger, lines } = collectingLogger();
    const app = appWith(logger);
    await request(app).get('/missing').set('X-Request-Id', 'caller-7').expect(404).expect('X-Request-Id', 'caller-7');
    await request(app).get('/broken').expect(503);
    await settle();
    expect(lines.map((line) => [line.level, line.reqId === 'caller-7', (line.res as { statusCode: number }).statusCode])).toEqual([
      [40, true, 404],
      [50, false, 503],
    ]);
  });

  it('writes one error line when the client goes away before the answer', async () => {
    const { logger, lines } = collectingLogger();
    const server = appWith(logger).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const aborted = httpRequest({ port, host: '127.0.0.1', path: '/slow' });
    aborted.on('error', () => undefined);
    aborted.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    aborted.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => server.close(resolve));
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request aborted', res: {}, req: expect.objectContaining({ url: '/slow' }) })]);
  });

  it('writes an info line, not an error, when the client leaves an answer under way (a live stream)', async () => {
    const { logger, lines } = collectingLogger();
    const server = appWith(logger).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const client = httpRequest({ port, host: '127.0.0.1', path: '/stream' }, (res) => {
        expect(res.statusCode).toBe(200);
        client.destroy();
        resolve();
      });
      client.on('error', () => undefined);
      client.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => server.close(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'response ended by the client', res: { statusCode: 200 }, req: expect.objectContaining({ url: '/stream' }) }),
    ]);
  });

  it('writes nothing below its level', async () => {
    const { logger, lines } = collectingLogger('warn');
    await request(appWith(logger)).get('/ok').expect(200);
    await settle();
    expect(lines).toEqual([]);
  });
});

describe('AppLogger as the Nest logger', () => {
  it('maps Nest levels and the trailing context, and merges object messages', () => {
    const { logger, lines } = collectingLogger('debug');
    logger.log('started', 'Bootstrap');
    logger.warn({ requestId: 'r-1' }, 'slow answer', 'Flespi');
    logger.error('failed', 'Error: boom\n    at x (y.js:1:1)', 'Portal');
    logger.error(new Error('kaput'));
    logger.verbose('not written');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'started', context: 'Bootstrap' }),
      expect.objectContaining({ level: 40, msg: 'slow answer', context: 'Flespi', requestId: 'r-1' }),
      expect.objectContaining({ level: 50, msg: 'failed', context: 'Portal', stack: expect.stringContaining('at x') }),
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'kaput', type: 'Error' }) }),
    ]);
  });
});
