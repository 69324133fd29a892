import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SMTPServer } from 'smtp-server';

export interface MailStandIn {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  readonly url: string;
  /** The folder every mail is written to, one `.eml` file each. */
  readonly dir: string;
  close(): Promise<void>;
}

/**
 * The demo SMTP server (outside production, SMTP_URL unset): accepts every mail on 127.0.0.1,
 * without authentication or TLS, and keeps it as it arrived — an `.eml` file a mail client
 * opens — under `dir`, named by the time it came and a random part.
 */
const logger = new Logger('MailStandIn');

export async function startMailStandIn({ dir }: { dir: string }): Promise<MailStandIn> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Fleet demo mail stand-in',
    logger: false,
    size: 25 * 1024 * 1024,
    onData(stream, _session, callback) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      pipeline(stream, createWriteStream(join(folder, name))).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  // smtp-server emits a client's connection errors (a reset socket) on the server, and an
  // EventEmitter without an 'error' listener throws: a reset would stop the app.
  server.on('error', (error: Error) => logger.warn(`a mail client's connection failed: ${error.message}`));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir: folder,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
