import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { isDemoEnvironment, startDemoStandIns } from './demo-stand-ins';
import { communesMatching, nearestCommune } from './offline-geocoder';
import { DEMO_ROUTES } from '../demo-routes';

const json = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('demo stand-ins', () => {
  it('start nothing in production or on a configured database', async () => {
    expect(isDemoEnvironment({ NODE_ENV: 'production' })).toBe(false);
    expect(isDemoEnvironment({ MONGODB_URI: 'mongodb://db/fleet' })).toBe(false);
    const env: Record<string, string | undefined> = { NODE_ENV: 'production' };
    const standIns = await startDemoStandIns(env);
    expect(standIns.descriptions).toEqual([]);
    expect(env).toEqual({ NODE_ENV: 'production' });
  });

  it('leave a configured system alone', async () => {
    const env: Record<string, string | undefined> = {
      BILLING_PORTAL_URL: 'https://portal.example',
      GEOCODER_URL: 'https://geo.example',
      PARTNER_SHARED_SECRET: 'x'.repeat(16),
      SMTP_URL: 'smtp://mail.example:25',
    };
    const standIns = await startDemoStandIns(env);
    expect(standIns.descriptions).toEqual([expect.stringMatching(/^webhook receiver on /)]);
    await standIns.close();
    expect(env.BILLING_PORTAL_TOKEN).toBeUndefined();
    expect(env.PARTNER_PLATFORM_URL).toBeUndefined();
  });

  describe('without configuration', () => {
    const env: Record<string, string | undefined> = { DATA_DIR: mkdtempSync(join(tmpdir(), 'stand-ins-')) };
    let close: () => Promise<void>;
    beforeAll(async () => {
      const standIns = await startDemoStandIns(env);
      close = () => standIns.close();
      expect(standIns.descriptions).toHaveLength(5);
      expect(standIns.descriptions[3]).toContain(join(env.DATA_DIR!, 'mail'));
    });
    afterAll(() => close());
    const portal = (path: string, init: RequestInit = {}) =>
      json(`${env.BILLING_PORTAL_URL}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${env.BILLING_PORTAL_TOKEN}`, 'content-type': 'application/json' },
      });

    it('fill the portal, geocoder and partner variables', () => {
      expect(env.BILLING_PORTAL_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(env.GEOCODER_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(env.PARTNER_PLATFORM_URL).toBe('https://partner.example/sso');
      expect(env.PARTNER_SHARED_SECRET!.length).toBeGreaterThanOrEqual(16);
    });

    it('run a portal with invoices for any client over recent months, behind its token', async () => {
      const month = new Date().toISOString().slice(0, 7);
      const { status, body } = await portal(`/clients/any-client/invoices?from=${month}-01&to=${month}-31`);
      expect(status).toBe(200);
      expect(body.invoices).toHaveLength(5);
      expect(body.invoices[0]).toEqual(expect.objectContaining({ folio: expect.any(String), paymentStatus: 'Pagada', total: expect.any(Number) }));
      expect((await json(`${env.BILLING_PORTAL_URL}/clients/x/invoices?from=2020-01-01&to=2030-01-01`)).status).toBe(401);
    });

    it('run a portal with demo tickets and comments, and the rest of the contract', async () => {
      const list = await portal('/tickets?clientId=c1');
      expect(list.body.tickets).toHaveLength(3);
      expect(list.body.tickets[0].comments).toBeUndefined();
      expect((await portal('/tickets?clientId=c2')).body.tickets.every((t: { clientId: string }) => t.clientId === 'c2')).toBe(true);
      const closed = list.body.tickets.find((t: { closedAt: string | null }) => t.closedAt);
      expect((await portal(`/tickets/${closed.id}`)).body.ticket.comments).toHaveLength(2);
      const author = { name: 'Ana', email: 'ana@example.cl' };
      const created = await portal('/tickets', {
        method: 'POST',
        body: JSON.stringify({ title: 'T', description: 'D', category: 'gps', clientId: 'c1', author, origin: 'fleet-platform' }),
      });
      expect(created.status).toBe(201);
      const comment = await portal(`/tickets/${created.body.ticket.id}/comments`, {
        method: 'POST',
        body: JSON.stringify({ content: 'Hola', author, authorRole: 'client' }),
      });
      expect(comment).toEqual({
        status: 201,
        body: { comment: expect.objectContaining({ ticketId: created.body.ticket.id, content: 'Hola', authorName: 'Ana', authorRole: 'client' }) },
      });
      expect((await portal('/tickets?clientId=c1')).body.tickets[0]).toEqual(expect.objectContaining({ id: created.body.ticket.id, commentsCount: 1 }));
      expect((await portal('/tickets/unknown')).status).toBe(404);
    });

    it('run an SMTP server that keeps each mail as an .eml file under DATA_DIR/mail', async () => {
      expect(env.SMTP_URL).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      const transport = createTransport({ url: env.SMTP_URL } as never);
      await transport.sendMail({
        from: 'fleet@example.cl',
        to: 'ana@example.cl',
        subject: 'Alerta crítica',
        text: 'Camión fuera del depósito',
        html: '<p>Camión</p>',
      });
      transport.close();
      const dir = join(env.DATA_DIR!, 'mail');
      const files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(readFileSync(join(dir, files[0])));
      expect(mail).toMatchObject({ subject: 'Alerta crítica', text: 'Camión fuera del depósito', html: '<p>Camión</p>' });
    });

    it('run a webhook receiver that answers 204 and lists what came', async () => {
      const posted = await fetch(`${env.DEMO_WEBHOOK_RECEIVER_URL}/demo-webhooks`, {
        method: 'POST',
        headers: { 'webhook-id': 'msg_1', 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'webhook.test' }),
      });
      expect(posted.status).toBe(204);
      const { body } = await json(`${env.DEMO_WEBHOOK_RECEIVER_URL}/`);
      expect(body.received).toEqual([expect.objectContaining({ webhookId: 'msg_1', type: 'webhook.test' })]);
    });

    it('run an offline Nominatim-compatible geocoder for Santiago', async () => {
      const found = await json(`${env.GEOCODER_URL}/reverse?lat=-33.4314&lon=-70.6093&format=jsonv2`);
      expect(found.body.display_name).toBe('Providencia, Región Metropolitana de Santiago, Chile');
      const atSea = await json(`${env.GEOCODER_URL}/reverse?lat=-33.4&lon=-72.5&format=jsonv2`);
      expect(atSea.body).toEqual({ error: 'Unable to geocode' });
      const search = await json(`${env.GEOCODER_URL}/search?q=${encodeURIComponent('Av. Providencia 1234, Providencia')}&format=json`);
      expect(search.body).toEqual([{ display_name: 'Providencia, Región Metropolitana de Santiago, Chile', lat: expect.any(String), lon: expect.any(String) }]);
    });
  });

  it('find the communes a text names or starts to name, accents and case aside', () => {
    expect(communesMatching('nunoa').map((commune) => commune.name)).toEqual(['Ñuñoa']);
    expect(communesMatching('Calle 1, MAIPÚ').map((commune) => commune.name)).toEqual(['Maipú']);
    expect(communesMatching('Atlantis')).toEqual([]);
    expect(communesMatching('  ')).toEqual([]);
  });

  it('geocode a point to the nearest commune centre', () => {
    expect(nearestCommune(-33.4489, -70.6693)?.name).toBe('Santiago');
    expect(nearestCommune(-33.52, -70.76)?.name).toBe('Maipú');
    expect(nearestCommune(-33.0458, -71.6197)).toEqual(expect.objectContaining({ name: 'Valparaíso', region: 'Región de Valparaíso, Chile' }));
  });

  // A trip's start or end is a waypoint of its route; which run is the demo's last trip depends on
  // the day, so every waypoint of every demo route must have an address.
  it.each(Object.entries(DEMO_ROUTES))('give every waypoint of the %s demo routes an address', (_, routes) => {
    for (const [lat, lng] of routes.flat()) expect(nearestCommune(lat, lng)).toBeDefined();
  });
});
