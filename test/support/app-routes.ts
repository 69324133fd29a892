import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { TestApp } from './test-app';

/** A route the app serves: `METHOD /api/path`, and a reader of its handler's (or controller's) metadata. */
export interface AppRoute {
  key: string;
  method: string;
  metadata<T>(key: string): T | undefined;
}

/** Every route of every controller of the app, as the router serves it. */
export function appRoutes(t: TestApp): AppRoute[] {
  const discovery = t.app.get(DiscoveryService);
  const scanner = t.app.get(MetadataScanner);
  const reflector = t.app.get(Reflector);
  const join = (...parts: string[]) =>
    `/${parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/')}`;
  return discovery.getControllers().flatMap((wrapper) => {
    const controller = wrapper.metatype as new (...args: never[]) => object;
    const prototype = controller.prototype;
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name as keyof typeof prototype] as unknown as () => unknown;
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      return [
        {
          key: `${method} ${join('api', base, String(path))}`,
          method,
          metadata: <T>(key: string) => reflector.getAllAndOverride<T>(key, [handler, controller]),
        },
      ];
    });
  });
}
