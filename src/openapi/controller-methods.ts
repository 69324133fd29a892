import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

export interface ControllerMethod {
  controller: Type;
  key: string;
  /** `Controller_method`, the operation id the document gives the route. */
  operationId: string;
}

/** Every method of every controller of the app, with its operation id. */
export function controllerMethods(app: INestApplication): ControllerMethod[] {
  const found: ControllerMethod[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype;
      if (!controller?.prototype) continue;
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        if (key !== 'constructor') found.push({ controller: controller as Type, key, operationId: `${controller.name}_${key}` });
      }
    }
  }
  return found;
}
