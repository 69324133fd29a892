import { createServer, Server, ServerResponse } from 'node:http';
import { listenOnLoopback, stopServer } from './local-server';

/**
 * A local HTTP server that answers every request with 200 JSON headers at once and then a body
 * that is either `drip` (one byte every `dripMs`, never finished: an idle-time limit never fires)
 * or `huge` (`hugeBytes` of one JSON string, sent as fast as the socket takes it).
 */
export interface MisbehavingServer {
  url: string;
  mode: 'drip' | 'huge';
  hugeBytes: number;
  dripMs: number;
  /** Requests received, and how many the client abandoned before their body ended. */
  requests: number;
  abandoned: number;
  close(): Promise<void>;
}

export async function startMisbehavingServer(mode: MisbehavingServer['mode'] = 'drip'): Promise<MisbehavingServer> {
  const state = { mode, hugeBytes: 100 * 1024 * 1024, dripMs: 100, requests: 0, abandoned: 0 };
  const timers = new Set<NodeJS.Timeout>();

  const drip = (res: ServerResponse) => {
    res.write('{"result":"');
    const timer = setInterval(() => res.write('a'), state.dripMs);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
      state.abandoned += 1;
    });
  };

  const huge = (res: ServerResponse) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    let finished = false;
    res.on('close', () => {
      if (!finished) state.abandoned += 1;
    });
    res.write('{"display_name":"');
    const pump = () => {
      while (sent < state.hugeBytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) {
        finished = true;
        res.end('"}');
      }
    };
    pump();
  };

  const server: Server = createServer((req, res) => {
    state.requests += 1;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    (state.mode === 'drip' ? drip : huge)(res);
  });
  const url = await listenOnLoopback(server);
  return Object.assign(state, {
    url,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      await stopServer(server);
    },
  });
}
