import pino, { Logger, Level } from 'pino';

/** What one request's log line says. */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  remoteAddress?: string;
  /** Absent when no answer was sent (the client left first). */
  statusCode?: number;
  responseTime: number;
  msg: string;
}

type LoggerInternals = Logger & { [key: symbol]: unknown };

/**
 * The request line formatted here, as pino formats a line (level, time, the logger's bindings,
 * the fields, msg), and written to the logger's own destination, so it keeps its order with the
 * other lines. pino's generic serializer walked the line's object on every request; this template
 * is the same JSON for ~15 µs less a request (docs/performance.md, "The request path, layer by layer").
 */
export function requestLineWriter(logger: Logger): (level: Level, line: RequestLine) => void {
  const internals = logger as LoggerInternals;
  const destination = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const bindings = internals[pino.symbols.chindingsSym] as string; // `,"pid":…,"hostname":"…"`
  return (level, line) => {
    const remote = line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`;
    const status = line.statusCode === undefined ? '' : `"statusCode":${line.statusCode}`;
    destination.write(
      `{"level":${logger.levels.values[level]},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(line.reqId)},` +
        `"req":{"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}${remote}},"res":{${status}},` +
        `"responseTime":${line.responseTime},"msg":${JSON.stringify(line.msg)}}\n`,
    );
  };
}
