import { ApiTokenService, classifyToken, SessionService } from '@app/auth';
import { CliCommandWork, requireOption } from '../cli-command';

export const revokeTokenCommand: CliCommandWork = {
  imports: [], // identities only: the command line's own modules
  async run(app, options) {
    const token = requireOption(options, 'token');
    const kind = classifyToken(token);
    if (!kind) throw new Error('not a session or API token');
    const revoked = kind === 'api_token' ? await app.get(ApiTokenService).revokeByToken(token) : await app.get(SessionService).revokeByToken(token);
    return { kind, revoked };
  },
};
