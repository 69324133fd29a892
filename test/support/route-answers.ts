import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The statuses each route answered, by `METHOD /path/:param` as Express matched it. */
export type RouteAnswers = Map<string, Map<number, number>>;

/**
 * Counts what the server answered, route by route, as it answers (the `finish` of each response),
 * so that a test driving the app from outside (a fuzzer) can tell which operations reached
 * their logic. A request that matched no route is not counted.
 */
export function recordRouteAnswers(server: Server): RouteAnswers {
  const answers: RouteAnswers = new Map();
  server.on('request', (req: IncomingMessage & { route?: { path?: unknown } }, res: ServerResponse) => {
    res.on('finish', () => {
      const path = req.route?.path;
      if (typeof path !== 'string') return;
      const key = `${req.method} ${path}`;
      const statuses = answers.get(key) ?? new Map<number, number>();
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      answers.set(key, statuses);
    });
  });
  return answers;
}

export interface Reach {
  /** Operations of the document that answered at least one 2xx. */
  reached: string[];
  /** The others, each with the statuses it answered. */
  unreached: string[];
  report: string;
}

/** Which operations of an OpenAPI document (`paths` leaving out `excluded`) answered a 2xx at least once. */
export function reachOf(document: { paths: Record<string, Record<string, unknown>> }, answers: RouteAnswers, excluded: readonly string[]): Reach {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  const operations = Object.entries(document.paths)
    .filter(([path]) => !excluded.includes(path))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => methods.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  const statusesOf = (operation: string) => answers.get(operation.replace(/\{(\w+)\}/g, ':$1')) ?? new Map<number, number>();
  const reached = operations.filter((operation) => [...statusesOf(operation).keys()].some((status) => status >= 200 && status < 300));
  const unreached = operations
    .filter((operation) => !reached.includes(operation))
    .map(
      (operation) =>
        `${operation} (${
          [...statusesOf(operation).entries()]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}×${n}`)
            .join(', ') || 'no answer'
        })`,
    );
  const report = [
    `Fuzz reach: ${reached.length} of ${operations.length} operations answered at least one 2xx.`,
    ...(unreached.length ? ['Never a 2xx:', ...unreached.map((line) => `  - ${line}`)] : []),
  ].join('\n');
  return { reached, unreached, report };
}
