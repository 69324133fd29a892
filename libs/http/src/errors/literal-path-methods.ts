import type { NextFunction, Request, Response } from 'express';
import { allowedMethods } from './allowed-methods';
import { buildErrorBody } from './error-body';

/**
 * `PATCH /api/assets/qr-labels` would otherwise reach `PATCH /api/assets/:id` with the id
 * `qr-labels` and answer about its body. A path that is a route of its own (no parameter)
 * answers only its own methods: another method gets 405 with `Allow`, before any parameterized
 * route can take it. The literal paths are read from the router once, on the first request.
 */
export function literalPathMethods() {
  let literal: Set<string> | undefined;
  // The methods of each literal path, read from the router once: routes do not change after
  // start-up, and reading them walks every route (2.5 % of `/api/auth/me`'s CPU when done per request).
  const allowedOf = new Map<string, string[]>();
  return (request: Request, response: Response, next: NextFunction): void => {
    literal ??= literalPaths(request);
    const path = normalize(request.path);
    if (!literal.has(path) || request.method === 'OPTIONS') return next();
    let allow = allowedOf.get(path);
    if (!allow) allowedOf.set(path, (allow = allowedMethods(request, (routePath) => normalize(routePath) === path)));
    if (allow.length === 0 || allow.includes(request.method)) return next();
    response.setHeader('Allow', allow.join(', '));
    response.status(405).json(buildErrorBody({ shape: 'A', message: `Method not allowed: ${request.method} ${request.path}` }));
  };
}

type RoutedApp = { router?: { stack?: { route?: { path?: unknown } }[] } };

function literalPaths(request: Request): Set<string> {
  const stack = (request.app as unknown as RoutedApp).router?.stack ?? [];
  const paths = stack.map((layer) => layer.route?.path).filter((path): path is string => typeof path === 'string' && !/[:*{(]/.test(path));
  return new Set(paths.map(normalize));
}

/** Express routes are case-insensitive and ignore a trailing slash. */
function normalize(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}
