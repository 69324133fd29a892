import { IdentityProvisioning } from '@app/auth';
import { CliCommand, requireOption } from '../cli-command';

export const createClientCommand: CliCommand = {
  name: 'create-client',
  usage: 'create-client --name NAME [--time-zone America/Santiago]',
  options: { name: 'string', 'time-zone': 'string' },
  async run(app, options) {
    const timeZone = typeof options['time-zone'] === 'string' ? options['time-zone'] : undefined;
    const id = await app.get(IdentityProvisioning).createClient(requireOption(options, 'name'), timeZone);
    return { id: id.toHexString() };
  },
};
