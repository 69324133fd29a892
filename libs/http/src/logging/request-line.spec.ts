import pino from 'pino';
import { Writable } from 'node:stream';
import { RequestLine, requestLineWriter } from './request-line';

/** A pino logger whose raw lines are collected. */
function collecting() {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      raw.push(chunk.toString());
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), raw };
}

/** The same line as pino's own serializer writes it. */
function pinoLine(logger: pino.Logger, level: pino.Level, line: RequestLine): void {
  const { reqId, method, url, remoteAddress, statusCode, responseTime, msg } = line;
  logger[level]({ reqId, req: { method, url, remoteAddress }, res: { statusCode }, responseTime }, msg);
}

const withoutTime = (text: string) => {
  const { time, ...rest } = JSON.parse(text) as Record<string, unknown>;
  expect(typeof time).toBe('number');
  return rest;
};

describe('requestLineWriter', () => {
  const lines: Array<[pino.Level, RequestLine]> = [
    ['info', { reqId: 'a1', method: 'GET', url: '/api/auth/me', remoteAddress: '127.0.0.1', statusCode: 200, responseTime: 3, msg: 'request completed' }],
    [
      'warn',
      {
        reqId: 'caller-7',
        method: 'POST',
        url: '/api/x?q="quoted"\\back\u0001ctl é 漢 😀',
        remoteAddress: '::1',
        statusCode: 404,
        responseTime: 0,
        msg: 'request completed',
      },
    ],
    ['error', { reqId: 'b2', method: 'GET', url: '/slow', remoteAddress: undefined, statusCode: undefined, responseTime: 120, msg: 'request aborted' }],
  ];

  it.each(lines)('writes the JSON pino writes for the same %s line, in one line', (level, line) => {
    const ours = collecting();
    const theirs = collecting();
    requestLineWriter(ours.logger)(level, line);
    pinoLine(theirs.logger, level, line);
    expect(ours.raw).toHaveLength(1);
    expect(ours.raw[0].endsWith('}\n')).toBe(true);
    expect(ours.raw[0].slice(0, -1)).not.toContain('\n');
    expect(withoutTime(ours.raw[0])).toEqual(withoutTime(theirs.raw[0]));
    // Same keys in the same order, as a reader of raw lines sees them.
    expect(Object.keys(JSON.parse(ours.raw[0]))).toEqual(Object.keys(JSON.parse(theirs.raw[0])));
  });
});
