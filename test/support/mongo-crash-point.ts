import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { mongo } from 'mongoose';

/** A command an app sent, as the server receives it (OP_MSG): its body and its document sequences (`documents`, `updates`). */
export interface SentCommand {
  name: string;
  collection: unknown;
  body: Record<string, unknown>;
  sequences: Record<string, Record<string, unknown>[]>;
}

export interface MongoCrashPoint {
  /** `mongodb://127.0.0.1:<port>/<database>`: give it to the app as MONGODB_URI. */
  uri: string;
  /** The command the proxy stopped after, once it has. */
  stopped: Promise<SentCommand>;
  close(): Promise<void>;
}

const OP_MSG = 2013;
const CHECKSUM_PRESENT = 1;

/**
 * A TCP proxy between an app process and its MongoDB that makes a crash happen at a chosen write:
 * every command passes until one matches `stopAfter`; that one reaches the server, and nothing the
 * app sends after it does (it waits for answers that never come) — what a process killed right
 * after that write leaves stored. The test then kills the app and looks. Answers from the server
 * pass untouched. Reads the wire protocol's OP_MSG, what the Node driver 6 sends.
 */
export async function startMongoCrashPoint(databaseUri: string, stopAfter: (command: SentCommand) => boolean): Promise<MongoCrashPoint> {
  const target = new URL(databaseUri);
  let stop: (command: SentCommand) => void = () => undefined;
  const stopped = new Promise<SentCommand>((resolve) => (stop = resolve));
  let frozen = false;
  const sockets = new Set<Socket>();

  const server = createServer((app) => {
    const database = connect(Number(target.port), target.hostname);
    for (const socket of [app, database]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    database.pipe(app);
    let pending = Buffer.alloc(0);
    app.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const frame = pending.subarray(0, pending.readInt32LE(0));
        pending = pending.subarray(frame.length);
        if (frozen) continue;
        database.write(frame);
        const command = commandOf(frame);
        if (command && stopAfter(command)) {
          frozen = true;
          stop(command);
        }
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `mongodb://127.0.0.1:${port}${target.pathname}`,
    stopped,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The command of an OP_MSG frame, or null for another opcode. */
function commandOf(frame: Buffer): SentCommand | null {
  if (frame.readInt32LE(12) !== OP_MSG) return null;
  const end = frame.length - (frame.readUInt32LE(16) & CHECKSUM_PRESENT ? 4 : 0);
  let body: Record<string, unknown> = {};
  const sequences: Record<string, Record<string, unknown>[]> = {};
  for (let at = 20; at < end;) {
    const kind = frame[at++];
    const size = frame.readInt32LE(at);
    if (kind === 0) {
      body = mongo.BSON.deserialize(frame.subarray(at, at + size));
    } else {
      const sectionEnd = at + size;
      const nameEnd = frame.indexOf(0, at + 4);
      const documents: Record<string, unknown>[] = [];
      for (let doc = nameEnd + 1; doc < sectionEnd; doc += frame.readInt32LE(doc))
        documents.push(mongo.BSON.deserialize(frame.subarray(doc, doc + frame.readInt32LE(doc))));
      sequences[frame.toString('utf8', at + 4, nameEnd)] = documents;
    }
    at += size;
  }
  const name = Object.keys(body)[0] ?? '';
  return { name, collection: body[name], body, sequences };
}
