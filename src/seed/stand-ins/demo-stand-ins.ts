import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startMailStandIn } from '@app/mail';
import { startOfflineGeocoder } from './offline-geocoder';
import { startPortalStandIn } from './portal-stand-in';
import { startWebhookReceiverStandIn } from './webhook-receiver-stand-in';

/** The demo partner platform: a reserved domain, so the signed sign-in links lead nowhere real. */
const DEMO_PARTNER_URL = 'https://partner.example/sso';

export interface DemoStandIns {
  /** One line per stand-in that runs, for the start-up message. */
  readonly descriptions: string[];
  close(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/**
 * Whether this start is the demo: the embedded database, outside production. Only then do
 * stand-ins run; a deployment (MONGODB_URI or NODE_ENV=production) gets exactly its configuration.
 */
export function isDemoEnvironment(env: Env = process.env): boolean {
  return !env.MONGODB_URI && env.NODE_ENV !== 'production';
}

/**
 * `npm start` without configuration serves the whole API: for each external system left
 * unconfigured it starts a local stand-in and fills the variables the app reads (before the app
 * module reads them). A configured system is used as it is.
 *
 * - billing-and-support portal: the portal contract on 127.0.0.1, demo invoices and tickets;
 * - reverse geocoder: offline, the communes of Santiago (the demo fleet drives there);
 * - partner platform: a generated shared secret, so that partner hashes can be signed;
 * - SMTP server: on 127.0.0.1, every mail kept as an `.eml` file under `{DATA_DIR}/mail/`;
 * - webhook receiver: on 127.0.0.1, where the demo clients' webhook endpoint points (always: it
 *   stands in for a customer's system, nothing to configure).
 */
export async function startDemoStandIns(env: Env = process.env): Promise<DemoStandIns> {
  const descriptions: string[] = [];
  const closers: Array<() => Promise<void>> = [];
  if (!isDemoEnvironment(env)) return { descriptions, close: async () => undefined };

  if (!env.BILLING_PORTAL_URL) {
    const portal = await startPortalStandIn({ token: randomBytes(18).toString('base64url'), demo: true });
    Object.assign(env, { BILLING_PORTAL_URL: portal.url, BILLING_PORTAL_TOKEN: portal.token });
    closers.push(() => portal.close());
    descriptions.push(`billing-and-support portal on ${portal.url} (demo invoices and tickets, in memory)`);
  }
  if (!env.GEOCODER_URL) {
    const geocoder = await startOfflineGeocoder();
    env.GEOCODER_URL = geocoder.url;
    closers.push(() => geocoder.close());
    descriptions.push(`reverse geocoder on ${geocoder.url} (offline: the communes of Santiago)`);
  }
  if (!env.PARTNER_PLATFORM_URL && !env.PARTNER_SHARED_SECRET) {
    Object.assign(env, { PARTNER_PLATFORM_URL: DEMO_PARTNER_URL, PARTNER_SHARED_SECRET: randomBytes(24).toString('base64url') });
    descriptions.push(`partner platform ${DEMO_PARTNER_URL} with a secret generated for this run`);
  }
  if (!env.SMTP_URL) {
    const mail = await startMailStandIn({ dir: join(env.DATA_DIR || '.data', 'mail') });
    env.SMTP_URL = mail.url;
    closers.push(() => mail.close());
    descriptions.push(`SMTP server on ${mail.url} (every mail kept as an .eml file in ${mail.dir})`);
  }
  const receiver = await startWebhookReceiverStandIn();
  env.DEMO_WEBHOOK_RECEIVER_URL = receiver.url;
  closers.push(() => receiver.close());
  descriptions.push(`webhook receiver on ${receiver.url} (the demo webhook endpoints' target; GET it for what came)`);
  return { descriptions, close: async () => void (await Promise.all(closers.map((close) => close()))) };
}
