import express, { type Response } from 'express';
import request from 'supertest';
import { PagedBody } from './paged-body';
import { EnvelopingExpressAdapter, toResponseBody } from './enveloping-express.adapter';

describe('toResponseBody', () => {
  it('wraps a value in the envelope', () => {
    expect(toResponseBody({ a: 1 })).toEqual({ status: 'success', data: { a: 1 } });
    expect(toResponseBody(undefined)).toEqual({ status: 'success', data: null });
  });

  it('answers a page with its items in data and the cursor beside them', () => {
    const page = PagedBody.of({ items: [{ n: 1 }, { n: 2 }], nextCursor: 'abc' }, (record) => record.n);
    expect(toResponseBody(page)).toEqual({ status: 'success', data: [1, 2], page: { nextCursor: 'abc' } });
    expect(toResponseBody(new PagedBody([], null))).toEqual({ status: 'success', data: [], page: { nextCursor: null } });
  });
});

describe('EnvelopingExpressAdapter.reply', () => {
  const adapter = new EnvelopingExpressAdapter();

  /** What an Express app answers when a route's result goes through `answer` (the date left out). */
  async function answerOf(answer: (res: Response) => void, method: 'get' | 'head' | 'post', headers: Record<string, string> = {}) {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.all('/{*any}', (_req, res) => answer(res));
    let call = request(app)[method]('/x');
    for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
    const res = await call;
    const { date: _date, ...rest } = res.headers as Record<string, string>;
    return { status: res.status, headers: rest, text: res.text };
  }

  const bodies: Array<[string, unknown]> = [
    ['an object', { name: 'Ñandú 🚚', quote: '"', control: '\u0001', at: new Date(0) }],
    ['nothing', undefined],
    ['a page', new PagedBody([{ n: 1 }], 'next')],
  ];
  const cases: Array<[string, 'get' | 'head' | 'post', number | undefined, Record<string, string>]> = [
    ['a GET', 'get', undefined, {}],
    ['a POST answered 201', 'post', 201, {}],
    ['a HEAD', 'head', undefined, {}],
    ['a GET with If-None-Match: * (Express answers 304)', 'get', undefined, { 'if-none-match': '*' }],
    ['a GET with If-Modified-Since', 'get', undefined, { 'if-modified-since': new Date().toUTCString() }],
    ['an answer set to 204', 'post', 204, {}],
  ];

  it.each(cases.flatMap(([what, method, status, headers]) => bodies.map(([kind, body]) => [`${what}, ${kind}`, method, status, headers, body] as const)))(
    '%s: the same status, headers and bytes as res.json of the envelope',
    async (_what, method, status, headers, body) => {
      const expected = await answerOf((res) => (status ? res.status(status) : res).json(toResponseBody(body)), method, headers);
      expect(await answerOf((res) => adapter.reply(res, body, status), method, headers)).toEqual(expected);
    },
  );

  it("writes a plain answer's envelope itself, not through res.json", async () => {
    let jsonCalls = 0;
    await answerOf((res) => {
      const json = res.json.bind(res);
      res.json = (body) => (jsonCalls++, json(body));
      adapter.reply(res, { a: 1 }, 201);
    }, 'post');
    expect(jsonCalls).toBe(0);
  });

  it('leaves a type the handler set to Express, as before', async () => {
    const expected = await answerOf((res) => res.type('text/plain').json(toResponseBody({ a: 1 })), 'get');
    expect(await answerOf((res) => adapter.reply(res.type('text/plain'), { a: 1 }), 'get')).toEqual(expected);
  });
});
