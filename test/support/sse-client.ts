import { get, IncomingHttpHeaders, IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** A Server-Sent Events client over Node's `http.get`, for tests: what arrived, and waiting for more. */
export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body when the answer is not a stream (an error). */
  body(): Promise<string>;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor<T>(find: () => T | undefined | false, timeoutMs?: number): Promise<T>;
  close(): void;
}

export function openSse(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = get(`${baseUrl}${path}`, { headers: { Accept: 'text/event-stream', ...headers } }, (res: IncomingMessage) => {
      const client = parse(res, () => req.destroy());
      resolve(client);
    });
    req.on('error', reject);
  });
}

function parse(res: IncomingMessage, destroy: () => void): SseClient {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let buffer = '';
  let raw = '';
  const waiters = new Set<() => void>();
  res.setEncoding('utf8');
  const ended = new Promise<void>((done) => res.on('close', done));
  res.on('data', (chunk: string) => {
    raw += chunk;
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { data: '' };
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) [event.id, isEvent] = [line.slice(4), true];
        else if (line.startsWith('event: ')) [event.event, isEvent] = [line.slice(7), true];
        else if (line.startsWith('data: ')) [event.data, isEvent] = [line.slice(6), true];
      }
      if (isEvent) events.push(event);
    }
    for (const wake of waiters) wake();
  });
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    body: async () => (await ended, raw),
    events,
    comments,
    ended,
    close: destroy,
    waitFor: <T>(find: () => T | undefined | false, timeoutMs = 5000) =>
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (found === undefined || found === false) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Nothing matching after ${timeoutMs} ms; events: ${JSON.stringify(events).slice(0, 500)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}
