import { ApiTokenService, classifyToken, SessionService } from '@app/auth';
import { CliCommand, requireOption } from '../cli-command';

export const revokeTokenCommand: CliCommand = {
  name: 'revoke-token',
  usage: 'revoke-token --token TOKEN   (a session token or an atk_ API token)',
  options: { token: 'string' },
  async run(app, options) {
    const token = requireOption(options, 'token');
    const kind = classifyToken(token);
    if (!kind) throw new Error('not a session or API token');
    const revoked = kind === 'api_token'
      ? await app.get(ApiTokenService).revokeByToken(token)
      : await app.get(SessionService).revokeByToken(token);
    return { kind, revoked };
  },
};
