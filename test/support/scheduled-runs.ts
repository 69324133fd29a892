import request from 'supertest';
import type { App } from 'supertest/types';
import type { ParsedMail } from 'mailparser';
import type { MailCatcher } from './mail-catcher';
import { eventually } from './webhook-receiver';

/** A scheduled report's run as `GET …/{id}/runs` answers it. */
export interface RunView {
  id: string;
  state: string;
  manual: boolean;
  dueAt: string;
  attempts: number;
  rows: number | null;
  fileName: string | null;
  fileBytes: number | null;
  delivery: string | null;
  linkExpiresAt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
}

/**
 * Creates a schedule through HTTP, runs it now, and answers its run once finished (neither
 * pending nor running) and the mail the catcher received for `to`.
 */
export async function runScheduleNow(server: App, token: string, body: object, smtp: MailCatcher, to: string): Promise<{ run: RunView; mail: ParsedMail }> {
  const auth = { Authorization: `Bearer ${token}` };
  const schedule = (await request(server).post('/api/scheduled-reports').set(auth).send(body).expect(201)).body.data;
  await request(server).post(`/api/scheduled-reports/${schedule.id}/run`).set(auth).expect(202);
  const [run] = await eventually(async () => {
    const list = (await request(server).get(`/api/scheduled-reports/${schedule.id}/runs`).set(auth).expect(200)).body.data as RunView[];
    return list[0] && list[0].state !== 'pending' && list[0].state !== 'running' ? list : null;
  }, 'the run');
  const mail = await eventually(() => smtp.mails.find((m) => (m.to as { text: string }).text === to) ?? null, `the mail to ${to}`);
  return { run, mail };
}
