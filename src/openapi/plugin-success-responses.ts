import type { INestApplication } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ApiResponse, DECORATORS } from '@nestjs/swagger';
import { controllerMethods } from './controller-methods';

/** Where the plugin's metadata hangs on a class (@nestjs/swagger's METADATA_FACTORY_NAME, not exported). */
const METADATA_FACTORY_NAME = '_OPENAPI_METADATA_FACTORY';

interface PluginMethodMetadata {
  type?: unknown;
  isArray?: boolean;
  status?: number;
}

/**
 * The Swagger plugin states what a handler returns, but @nestjs/swagger drops it as soon as the
 * method has any explicit `@Api…Response` (a 401 on login, a 400 on an import): the document then
 * had no success answer for those operations and the typed client typed their `data` as nothing.
 * This adds the plugin's success answer to every method that declares none of its own.
 */
export function addPluginSuccessResponses(app: INestApplication): void {
  for (const { controller, key } of controllerMethods(app)) {
    const factory = (controller as unknown as Record<string, (() => Record<string, PluginMethodMetadata>) | undefined>)[METADATA_FACTORY_NAME];
    const returned = factory?.()[key];
    const handler = (controller.prototype as Record<string, unknown>)[key];
    // `Object` is what the plugin writes for a type it cannot name: no schema to add.
    if (!returned?.type || returned.type === Object || typeof handler !== 'function') continue;
    const declared = (Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) ?? {}) as Record<string, unknown>;
    if (Object.keys(declared).some((status) => status.startsWith('2'))) continue;
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
      (Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST ? 201 : 200);
    const descriptor = Object.getOwnPropertyDescriptor(controller.prototype, key)!;
    ApiResponse({ status, type: returned.type as never, isArray: returned.isArray })(controller.prototype as object, key, descriptor);
  }
}
