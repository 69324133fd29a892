import { CliCommand } from '../cli-command';

// The table of commands: names, usage and options only. Each command's work (and the domains it
// needs) is required when that command runs, so a call loads one command, not all of them.
export const COMMANDS: readonly CliCommand[] = [
  {
    name: 'create-client',
    usage: 'create-client --name NAME [--time-zone America/Santiago]',
    options: { name: 'string', 'time-zone': 'string' },
    load: async () => (await import('./create-client.command')).createClientCommand,
  },
  {
    name: 'create-user',
    usage:
      'create-user --client ID --email EMAIL --name NAME [--password P] [--role NAME] ' +
      '[--permissions a,b (for a new role; default all)] [--protected] [--trackers ID,ID (default all)] [--partner-login LOGIN]',
    options: {
      client: 'string',
      email: 'string',
      name: 'string',
      password: 'string',
      role: 'string',
      permissions: 'string',
      protected: 'boolean',
      trackers: 'string',
      'partner-login': 'string',
    },
    load: async () => (await import('./create-user.command')).createUserCommand,
  },
  {
    name: 'create-api-token',
    usage: 'create-api-token (--user ID | --email EMAIL) --name NAME [--expires-days N]',
    options: { user: 'string', email: 'string', name: 'string', 'expires-days': 'string' },
    load: async () => (await import('./create-api-token.command')).createApiTokenCommand,
  },
  {
    name: 'revoke-token',
    usage: 'revoke-token --token TOKEN   (a session token or an atk_ API token)',
    options: { token: 'string' },
    load: async () => (await import('./revoke-token.command')).revokeTokenCommand,
  },
  {
    name: 'seed-demo',
    usage: 'seed-demo --out FILE   (fills an empty database; writes the demo manifest to FILE)',
    options: { out: 'string' },
    load: async () => (await import('./seed-demo.command')).seedDemoCommand,
  },
  {
    name: 'issue-qr-code',
    usage: 'issue-qr-code --asset-id ASSET_ID   (a new inspection QR code for the asset)',
    options: { 'asset-id': 'string' },
    load: async () => (await import('./qr-code.commands')).issueQrCodeCommand,
  },
  {
    name: 'replace-qr-code',
    usage: 'replace-qr-code --code CODE   (revokes a valid QR code and issues its replacement)',
    options: { code: 'string' },
    load: async () => (await import('./qr-code.commands')).replaceQrCodeCommand,
  },
  {
    name: 'import-messages',
    usage: 'import-messages --vendor-id N --file FILE [--batch-size 50000]   (FILE: JSON array or NDJSON of flespi messages)',
    options: { 'vendor-id': 'string', file: 'string', 'batch-size': 'string' },
    load: async () => (await import('./import-messages.command')).importMessagesCommand,
  },
];
