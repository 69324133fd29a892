import type { Request } from 'express';

/** The parts of Express 5's router (the `router` package) read here. */
interface RouteLayer {
  match(path: string): unknown;
  route?: { path?: unknown; _methods(): string[] };
}
type RoutedApp = { router?: { stack?: RouteLayer[] } };

/**
 * The methods the application's routes answer on the request's path, empty when no route
 * matches it (then the path is unknown: 404). Asked only when no route answered the request,
 * so it costs nothing on routed requests; the router's own table is read, so it never lags
 * behind the routes. OPTIONS is always answered (CORS), HEAD wherever GET is (Express).
 */
export function allowedMethods(request: Request, onlyRoute: (path: string) => boolean = () => true): string[] {
  const stack = (request.app as unknown as RoutedApp | undefined)?.router?.stack ?? [];
  const path = request.originalUrl.split('?')[0];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !matches(layer, path) || !onlyRoute(String(layer.route.path))) continue;
    for (const method of layer.route._methods()) methods.add(method);
  }
  if (methods.size > 0) methods.add('OPTIONS');
  return [...methods].sort();
}

/** A path the router cannot decode (`%E0%A4%A`) matches no route. */
function matches(layer: RouteLayer, path: string): boolean {
  try {
    return Boolean(layer.match(path));
  } catch {
    return false;
  }
}
