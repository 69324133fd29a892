import { IdentityProvisioning } from '@app/auth';
import { CliCommandWork, requireOption } from '../cli-command';

export const createClientCommand: CliCommandWork = {
  imports: [], // identities only: the command line's own modules
  async run(app, options) {
    const timeZone = typeof options['time-zone'] === 'string' ? options['time-zone'] : undefined;
    const id = await app.get(IdentityProvisioning).createClient(requireOption(options, 'name'), timeZone);
    return { id: id.toHexString() };
  },
};
