import type { Request, Response } from 'express';
import type { Histogram } from 'prom-client';
import { AppMetrics } from './app-metrics';

/** Seconds; from a cached token's 1 ms to a PDF report's seconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Observer = (req: Request, res: Response, durationMs: number) => void;

/**
 * Request count and latency by method, route and status: `http_request_duration_seconds`
 * (its `_count` is the request count). The route is Express's matched pattern
 * (`/api/drivers/:id`), never the raw path, so the number of series stays bounded; anything
 * unmatched is `unmatched`. Called from the request log's own `close` listener (no second
 * listener per request), and each label set's child is kept so that a request costs a map
 * lookup and an observation, not prom-client's label hashing.
 */
export function httpMetricsObserver(metrics: AppMetrics): Observer | undefined {
  if (!metrics.enabled) return undefined;
  const histogram = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, matched route and status: latency in seconds (_count: requests)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
  });
  const children = new Map<string, ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>>();
  return (req, res, durationMs) => {
    const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
    const status = res.writableFinished ? String(res.statusCode) : 'aborted';
    const key = `${req.method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      child = histogram.labels(req.method, route, status);
      children.set(key, child);
    }
    child.observe(durationMs / 1000);
  };
}
