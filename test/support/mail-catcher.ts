import type { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (smtp-server) on a free port that keeps every mail it accepts, parsed. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: ParsedMail[];
  /** The mails whose To line names this address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, done) => void simpleParser(stream).then((mail) => (mails.push(mail), done()), done),
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', () => done()));
  // A client's reset connection is emitted on the server: not the test's failure (and unhandled, it would end the run).
  smtp.on('error', () => undefined);
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    mails,
    to: (address) => mails.filter((mail) => (mail.to as { text: string } | undefined)?.text.includes(address)),
    close: () => new Promise<void>((done) => smtp.close(() => done())),
  };
}
