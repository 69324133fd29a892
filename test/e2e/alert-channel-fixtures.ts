import request from 'supertest';
import type { TestApp } from '@app/testing';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Shared set-up of the e2e files that follow alerts to their channels: a real SMTP server and a
 * real webhook receiver on loopback.
 */

/** Starts both, and sets what the app reads when it is built: the SMTP server's URL, and loopback allowed for webhooks. */
export async function startAlertChannels(): Promise<{ smtp: MailCatcher; receiver: WebhookReceiver }> {
  const smtp = await startMailCatcher();
  const receiver = await new WebhookReceiver().start();
  process.env.SMTP_URL = smtp.url;
  process.env.WEBHOOK_ALLOWED_NETWORKS = '127.0.0.1/32';
  return { smtp, receiver };
}

/** Closes the app, then both, and unsets what startAlertChannels set. */
export async function closeWithAlertChannels(t: TestApp, { smtp, receiver }: { smtp: MailCatcher; receiver: WebhookReceiver }): Promise<void> {
  await t.close();
  await receiver.close();
  await smtp.close();
  for (const name of ['SMTP_URL', 'WEBHOOK_ALLOWED_NETWORKS']) delete process.env[name];
}

/** A webhook endpoint of the holder of `token` posting `eventTypes` to `url`: its id. */
export const createWebhookEndpoint = async (t: TestApp, token: string, url: string, eventTypes: string[]): Promise<string> =>
  (await request(t.server).post('/api/webhook-endpoints').set('Authorization', `Bearer ${token}`).send({ url, eventTypes }).expect(201)).body.data.id;
