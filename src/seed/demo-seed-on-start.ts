import { Injectable, Logger } from '@nestjs/common';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AppConfig } from '@app/config';
import { DatabaseLocation, projectRoot } from '@app/database';
import { DemoManifest } from './demo-manifest';
import { DemoSeedService } from './demo-seed.service';
import { DemoWebhookReceiverLink } from './seeders/webhooks.seeder';

/** `npm start` on an empty embedded database seeds the demo data and says how to sign in. */
@Injectable()
export class DemoSeedOnStart {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly seeder: DemoSeedService,
    private readonly location: DatabaseLocation,
    private readonly config: AppConfig,
    private readonly webhookReceiver: DemoWebhookReceiverLink,
  ) {}

  get manifestPath(): string {
    return join(resolve(projectRoot(), this.config.get('DATA_DIR')), 'demo-manifest.json');
  }

  async run(): Promise<void> {
    if (!this.location.isEmbedded || !this.config.get('SEED_DEMO_ON_EMPTY')) return;
    if (!(await this.seeder.isEmpty())) {
      if (existsSync(this.manifestPath)) await this.webhookReceiver.repoint(JSON.parse(readFileSync(this.manifestPath, 'utf8')) as DemoManifest);
      return;
    }
    const manifest = await this.seeder.seed();
    mkdirSync(dirname(this.manifestPath), { recursive: true });
    writeFileSync(this.manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    this.logger.log(`Demo manifest written to ${this.manifestPath}`);
  }

  /** The start-up lines of `npm start`: where the API is, how to sign in, which stand-ins run. */
  announce(baseUrl: string, standIns: string[] = []): void {
    if (!this.location.isEmbedded || !existsSync(this.manifestPath)) return;
    const manifest = JSON.parse(readFileSync(this.manifestPath, 'utf8')) as DemoManifest;
    const admin = manifest.clients.acme.users.admin;
    const lines = [
      '',
      `Fleet API listening on ${baseUrl} (OpenAPI: ${baseUrl}/api/docs)`,
      `Demo sign-in (all demo credentials: ${this.manifestPath}):`,
      `  email ${admin.email}  password ${admin.password}`,
      `  curl -s -X POST ${baseUrl}/api/auth/login -H 'Content-Type: application/json' \\`,
      `       -d '{"email":"${admin.email}","password":"${admin.password}"}'`,
      `  curl -s ${baseUrl}/api/auth/me -H 'Authorization: Bearer ${admin.apiToken}'`,
      ...(standIns.length > 0
        ? ['Demo stand-ins for external systems not configured (see README, "Configuration"):', ...standIns.map((line) => `  ${line}`)]
        : []),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
