import { Types } from 'mongoose';
import { ALL_PERMISSIONS, IdentityProvisioning, isPermission, passwordProblem, Permission } from '@app/auth';
import { isObjectIdString } from '@app/formats';
import { CliCommandWork, requireOption } from '../cli-command';

function objectId(value: string, what: string): Types.ObjectId {
  if (!isObjectIdString(value)) throw new Error(`${what} must be a 24-character hexadecimal id`);
  return new Types.ObjectId(value);
}

function parsePermissions(value: string | boolean | undefined): Permission[] {
  if (typeof value !== 'string') return [...ALL_PERMISSIONS];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isPermission(name));
  if (unknown.length) throw new Error(`unknown permissions: ${unknown.join(', ')} (known: ${ALL_PERMISSIONS.join(', ')})`);
  return names as Permission[];
}

export const createUserCommand: CliCommandWork = {
  imports: [], // identities only: the command line's own modules
  async run(app, options) {
    const identities = app.get(IdentityProvisioning);
    const clientId = objectId(requireOption(options, 'client'), '--client');
    // A given password follows the API's rule; a generated one is random and long enough.
    if (typeof options.password === 'string') {
      const problem = passwordProblem(options.password, { email: requireOption(options, 'email'), name: requireOption(options, 'name') });
      if (problem) throw new Error(`--password: ${problem}`);
    }
    const roleName = typeof options.role === 'string' ? options.role : 'Administrador';
    const roleId = await identities.ensureRole(clientId, roleName, parsePermissions(options.permissions), options.protected === true);
    const trackers = typeof options.trackers === 'string' ? options.trackers.split(',').map((id) => objectId(id.trim(), '--trackers')) : undefined;
    const { user, password } = await identities.createUser({
      clientId,
      email: requireOption(options, 'email').toLowerCase(),
      name: requireOption(options, 'name'),
      password: typeof options.password === 'string' ? options.password : undefined,
      roleId,
      trackerIds: trackers,
      partnerLogin: typeof options['partner-login'] === 'string' ? options['partner-login'] : undefined,
    });
    return { id: user._id.toHexString(), email: user.email, password, role: roleName };
  },
};
