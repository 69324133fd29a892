import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import { DemoClientContext } from './demo-manifest';

export const DEMO_SEEDER = 'seed:demo-seeder';

/**
 * A domain's part of the demo data. Register the class as a provider of the domain's module;
 * the demo seed finds it by this decorator and runs seeders by ascending `order`, once per client.
 */
export interface DemoSeeder {
  seed(client: DemoClientContext): Promise<void>;
}

export const DemoSeederProvider = (options: { order: number }) => applyDecorators(Injectable(), SetMetadata(DEMO_SEEDER, options));
