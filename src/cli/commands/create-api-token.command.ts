import { Types } from 'mongoose';
import { ApiTokenService, IdentityProvisioning } from '@app/auth';
import { isObjectIdString } from '@app/formats';
import { CliCommandWork, requireOption } from '../cli-command';

export const createApiTokenCommand: CliCommandWork = {
  imports: [], // identities only: the command line's own modules
  async run(app, options) {
    const identities = app.get(IdentityProvisioning);
    const user =
      typeof options.user === 'string' && isObjectIdString(options.user)
        ? await identities.findUser({ _id: new Types.ObjectId(options.user) })
        : await identities.findUser({ email: requireOption(options, 'email').toLowerCase() });
    if (!user) throw new Error('no such user');
    const days = typeof options['expires-days'] === 'string' ? Number(options['expires-days']) : undefined;
    if (days !== undefined && !(Number.isInteger(days) && days > 0)) throw new Error('--expires-days must be a positive integer');
    const expiresAt = days ? new Date(Date.now() + days * 86_400_000) : undefined;
    const created = await app.get(ApiTokenService).create({ userId: user._id, clientId: user.clientId }, requireOption(options, 'name'), expiresAt);
    return { id: created.id, token: created.token, expiresAt: created.expiresAt };
  },
};
