import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DemoSeedService } from '../../seed';
import { CliCommand, requireOption } from '../cli-command';

export const seedDemoCommand: CliCommand = {
  name: 'seed-demo',
  usage: 'seed-demo --out FILE   (fills an empty database; writes the demo manifest to FILE)',
  options: { out: 'string' },
  async run(app, options) {
    const out = resolve(requireOption(options, 'out'));
    const manifest = await app.get(DemoSeedService).seed();
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return { manifest: out, clients: Object.keys(manifest.clients) };
  },
};
