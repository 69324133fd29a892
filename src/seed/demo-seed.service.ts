import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { Client } from '@app/auth';
import { DemoClientContext, DemoManifest } from './demo-manifest';
import { DEMO_SEEDER, DemoSeeder } from './demo-seeder.decorator';
import { IdentityFleetSeeder } from './seeders/identity-fleet.seeder';

/** Fills an empty database with the two demo clients and returns the manifest. */
@Injectable()
export class DemoSeedService {
  private readonly logger = new Logger(DemoSeedService.name);

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly identityFleet: IdentityFleetSeeder,
    @InjectModel(Client.name) private readonly clients: Model<Client>,
  ) {}

  async isEmpty(): Promise<boolean> {
    return (await this.clients.estimatedDocumentCount().exec()) === 0;
  }

  /** `onStep` hears each finished step (a client's identities, a seeder for a client) out of all. */
  async seed(onStep?: (done: number, total: number) => void): Promise<DemoManifest> {
    if (!(await this.isEmpty())) {
      throw new Error('The database already holds clients: seed-demo fills an empty database only');
    }
    const contexts: DemoClientContext[] = [];
    const keys = ['acme', 'globex'] as const;
    const seeders = this.domainSeeders();
    const total = keys.length * (1 + seeders.length);
    let done = 0;
    for (const key of keys) {
      contexts.push(await this.identityFleet.seedClient(key));
      onStep?.(++done, total);
    }
    for (const seeder of seeders) {
      for (const context of contexts) {
        await seeder.seed(context);
        onStep?.(++done, total);
      }
    }
    this.logger.log(`Demo data seeded: ${contexts.map((c) => c.name).join(', ')}`);
    return {
      version: 1,
      generatedAt: new Date().toISOString(),
      clients: { acme: contexts[0].manifest, globex: contexts[1].manifest },
    };
  }

  private domainSeeders(): DemoSeeder[] {
    return this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance && Reflect.getMetadata(DEMO_SEEDER, wrapper.metatype))
      .map((wrapper) => ({ order: (Reflect.getMetadata(DEMO_SEEDER, wrapper.metatype!) as { order: number }).order, seeder: wrapper.instance as DemoSeeder }))
      .sort((a, b) => a.order - b.order)
      .map(({ seeder }) => seeder);
  }
}
