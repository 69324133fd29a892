import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, BlockList } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WebhookSender } from './webhook-sender';

/** The sender against real HTTP servers on loopback; a stand-in resolver plays DNS for names. */
describe('WebhookSender', () => {
  const loopback = new BlockList();
  loopback.addSubnet('127.0.0.0', 8);
  const secret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
  const message = { messageId: 'msg_sender', body: '{"n":1}', secrets: [secret] };
  let server: Server;
  let port: number;
  let answer: (req: IncomingMessage, res: ServerResponse) => void;
  const received: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const sender = (options: Partial<ConstructorParameters<typeof WebhookSender>[0]> = {}) =>
    senders[senders.push(new WebhookSender({ allowed: loopback, requireHttps: false, timeoutMs: 2000, ...options })) - 1];
  const senders: WebhookSender[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req
        .setEncoding('utf8')
        .on('data', (chunk) => (body += chunk))
        .on('end', () => {
          received.push({ url: req.url ?? '', headers: req.headers, body });
          answer(req, res);
        });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => {
    received.length = 0;
    for (const one of senders.splice(0)) one.close();
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('posts the body signed by the Standard Webhooks scheme and answers the status', async () => {
    answer = (_req, res) => res.writeHead(204).end();
    expect(await sender().post(`http://127.0.0.1:${port}/hook?x=1`, message)).toMatchObject({ status: 204, error: null, refused: false });
    const [request] = received;
    expect(request.url).toBe('/hook?x=1');
    expect(request.body).toBe(message.body);
    expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual({ n: 1 });
    // Two secrets (a rotation's 24 h): one signature each, either accepted by the package, a third refused.
    const rotated = `whsec_${Buffer.alloc(32, 4).toString('base64')}`;
    await sender().post(`http://127.0.0.1:${port}/hook`, { ...message, secrets: [rotated, secret] });
    const signed = received[1];
    expect((signed.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const one of [rotated, secret]) expect(new Webhook(one).verify(signed.body, signed.headers as Record<string, string>)).toEqual({ n: 1 });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 5).toString('base64')}`).verify(signed.body, signed.headers as Record<string, string>)).toThrow();
  });

  it('follows no redirect, and reads at most 64 KiB of an answer', async () => {
    answer = (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
    expect(await sender().post(`http://127.0.0.1:${port}/moved`, message)).toMatchObject({ status: 302, error: 'HTTP 302' });
    expect(received.map((r) => r.url)).toEqual(['/moved']);
    // An endless answer: the attempt ends once 64 KiB are read, with the status it had.
    answer = (_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 120);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    };
    expect(await sender({ timeoutMs: 5000 }).post(`http://127.0.0.1:${port}/endless`, message)).toMatchObject({ status: 200, error: null });
  });

  it('gives up on a receiver that does not answer within the time-out', async () => {
    answer = () => undefined;
    const result = await sender({ timeoutMs: 300 }).post(`http://127.0.0.1:${port}/silent`, message);
    expect(result).toMatchObject({ status: null, error: 'no answer within 300 ms', refused: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('connects only to the address it checked: a name that turns to loopback after the check is refused at the connection', async () => {
    answer = (_req, res) => res.writeHead(204).end();
    const none = new BlockList();
    // Public when the URL is checked, loopback when the connection looks it up (DNS rebinding).
    let lookups = 0;
    const rebinding = async () => [{ address: lookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const result = await sender({ allowed: none, resolve: rebinding }).post(`http://rebind.test:${port}/hook`, message);
    expect(result).toMatchObject({
      status: null,
      refused: true,
      error: 'refused: rebind.test resolves to 127.0.0.1, a private, loopback, link-local or reserved address',
    });
    expect(lookups).toBe(2);
    expect(received).toEqual([]);
    // Where loopback is allowed, the same name reaches the server through the address it resolved to.
    expect(await sender({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] }).post(`http://rebind.test:${port}/hook`, message)).toMatchObject({
      status: 204,
    });
  });

  it('reports a refused connection with its code', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port: gone } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    expect(await sender().post(`http://127.0.0.1:${gone}/hook`, message)).toMatchObject({
      status: null,
      refused: false,
      error: expect.stringMatching(/^ECONNREFUSED: /),
    });
  });
});
