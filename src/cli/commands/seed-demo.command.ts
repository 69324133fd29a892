import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ActivityRecorderModule } from '@app/activity';
import { FleetModule } from '@app/fleet';
import { MailModule } from '@app/mail';
import { DemoSeedModule, DemoSeedService } from '../../seed';
import { CliCommandWork, requireOption } from '../cli-command';
import { progressOnStderr } from '../progress';

export const seedDemoCommand: CliCommandWork = {
  // Mail: the alerts and scheduled reports the seed writes through queue their mails with it.
  imports: [FleetModule, ActivityRecorderModule, MailModule, DemoSeedModule],
  async run(app, options) {
    const out = resolve(requireOption(options, 'out'));
    const progress = progressOnStderr('seed-demo', { total: 1, unit: 'steps' });
    const manifest = await app
      .get(DemoSeedService)
      .seed((done, total) => progress.update(done, total))
      .finally(() => progress.stop());
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return { manifest: out, clients: Object.keys(manifest.clients) };
  },
};
