import { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createTransport } from 'nodemailer';
import { Mailer, startMailStandIn } from '@app/mail';
import { createTestApp, TestApp } from '@app/testing';
import { eventually } from '../support/webhook-receiver';

/** Mail through a real SMTP server started here (smtp-server), read back with mailparser. */
describe('mail', () => {
  let t: TestApp;
  let mailer: Mailer;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  /** Milliseconds the SMTP server waits before accepting a mail body (a slow server). */
  let slowMs = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => setTimeout(() => (received.push(mail), callback()), slowMs),
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', () => done()));
    // A client's reset connection inside a transaction is emitted on the server; unhandled, it would end the run.
    smtp.on('error', () => undefined);
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    process.env.MAIL_FROM = 'Flota Demo <alertas@fleet.test>';
    process.env.APP_URL = 'https://app.fleet.test';
    t = await createTestApp();
    mailer = t.app.get(Mailer);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((done) => smtp.close(() => done()));
  });

  it('sends a queued mail once per key, from MAIL_FROM, with both bodies and attachments', async () => {
    const message = {
      to: ['ana@example.cl', 'ops@example.cl'],
      subject: 'Prueba',
      text: 'Hola',
      html: '<p>Hola</p>',
      attachments: [{ filename: 'informe.csv', content: Buffer.from('a,b\n1,2\n'), contentType: 'text/csv' }],
    };
    expect(await mailer.enqueue('mail-test-1', message)).toEqual({ queued: true });
    expect(await mailer.enqueue('mail-test-1', message)).toEqual({ queued: false });
    const [mail] = await eventually(() => (received.some((m) => m.subject === 'Prueba') ? received.filter((m) => m.subject === 'Prueba') : null), 'the mail');
    expect(mail.from?.text).toBe('"Flota Demo" <alertas@fleet.test>');
    // Derived from the key: a copy sent again after a crash carries the same Message-ID.
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@fleet\.test>$/);
    expect(mail.to).toMatchObject({ text: 'ana@example.cl, ops@example.cl' });
    expect(mail.text).toBe('Hola');
    expect(mail.html).toBe('<p>Hola</p>');
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['informe.csv', 'a,b\n1,2\n']]);
    await new Promise((done) => setTimeout(done, 300));
    expect(received.filter((m) => m.subject === 'Prueba')).toHaveLength(1);

    // Its job is done and gone, the key recorded as sent: queued again (the cause told again), it sends nothing.
    const record = await t.connection.collection('sent_mails').findOne({ _id: 'mail-test-1' } as never);
    expect(record).toMatchObject({ messageId: mail.messageId, sentAt: expect.any(Date) });
    expect(await t.connection.collection('jobs').countDocuments({ _id: 'mail.send:mail-test-1' } as never)).toBe(0);
    expect(await mailer.enqueue('mail-test-1', message)).toEqual({ queued: true });
    await eventually(
      async () => (await t.connection.collection('jobs').countDocuments({ _id: 'mail.send:mail-test-1' } as never)) === 0,
      'the job queued again to be done',
    );
    await new Promise((done) => setTimeout(done, 300));
    expect(received.filter((m) => m.subject === 'Prueba')).toHaveLength(1);
  });

  it('never makes the caller wait for a slow SMTP server', async () => {
    slowMs = 2000;
    const started = Date.now();
    await mailer.enqueue('mail-test-slow', { to: 'ana@example.cl', subject: 'Lento', text: 'x' });
    expect(Date.now() - started).toBeLessThan(500);
    await eventually(() => received.find((m) => m.subject === 'Lento'), 'the slow mail');
    slowMs = 0;
  });

  it('writes alert mails in Spanish and English saying what happened, with the place, the local time and its offset, and a link below APP_URL', async () => {
    const story = (type: string) => ({
      severity: 'critical' as const,
      ruleName: 'Salida fuera de horario',
      assetName: 'Camión <7>',
      plate: 'KXJP-21',
      event: { type, occurredAt: new Date('2026-01-15T06:30:00Z'), placeName: 'Depósito Pudahuel' },
      timeZone: 'America/Santiago',
    });
    const input = { story: story('geofence.exit'), place: 'Depósito Pudahuel', link: '/alerts/abc' };
    const es = mailer.renderAlertMail({ ...input, lang: 'es' });
    expect(es.subject).toBe('[Crítica] Camión <7>: Salió de Depósito Pudahuel — Salida fuera de horario');
    expect(es.text).toContain('Qué pasó: Salió de Depósito Pudahuel');
    expect(es.text).toContain('Activo: Camión <7> (KXJP-21)');
    expect(es.text).toContain('Lugar: Depósito Pudahuel');
    expect(es.text).toContain('Hora: 15-01-2026 03:30:00 -03:00 (America/Santiago)');
    expect(es.text).toContain('Ver la alerta: https://app.fleet.test/alerts/abc');
    expect(es.html).toContain('Camión &lt;7&gt;');
    expect(es.html).toContain('href="https://app.fleet.test/alerts/abc"');
    const enter = mailer.renderAlertMail({ ...input, story: story('geofence.enter'), lang: 'es' });
    expect(enter.subject).toBe('[Crítica] Camión <7>: Entró a Depósito Pudahuel — Salida fuera de horario');
    expect(enter.text).not.toBe(es.text);
    const en = mailer.renderAlertMail({ ...input, lang: 'en', place: null });
    expect(en.subject).toBe('[Critical] Camión <7>: Left Depósito Pudahuel — Salida fuera de horario');
    expect(en.text).toContain('Place: no location');
    expect(en.text).toContain('Time: 15/01/2026 03:30:00 -03:00 (America/Santiago)');
    await mailer.enqueue('mail-alert-es', { to: 'ana@example.cl', ...es });
    const mail = await eventually(() => received.find((m) => m.subject === es.subject), 'the alert mail');
    expect(mail.text?.trim()).toBe(es.text.trim());
    expect(mail.html).toContain('Depósito Pudahuel');
  });

  it('keeps every mail of the stand-in SMTP server as an .eml file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mail-')), 'mail');
    const standIn = await startMailStandIn({ dir });
    const transport = createTransport({ url: standIn.url } as never);
    await transport.sendMail({ from: 'alertas@fleet.test', to: 'ana@example.cl', subject: 'Guardado', text: 'En disco' });
    transport.close();
    await standIn.close();
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*\.eml$/)]);
    const kept = await simpleParser(readFileSync(join(dir, files[0])));
    expect([kept.subject, kept.text?.trim()]).toEqual(['Guardado', 'En disco']);
  });
});
