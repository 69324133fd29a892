import { CliCommand } from '../cli-command';
import { createApiTokenCommand } from './create-api-token.command';
import { createClientCommand } from './create-client.command';
import { createUserCommand } from './create-user.command';
import { importMessagesCommand } from './import-messages.command';
import { revokeTokenCommand } from './revoke-token.command';
import { seedDemoCommand } from './seed-demo.command';
import { issueQrCodeCommand, replaceQrCodeCommand } from './qr-code.commands';

export const COMMANDS: readonly CliCommand[] = [
  createClientCommand,
  createUserCommand,
  createApiTokenCommand,
  revokeTokenCommand,
  seedDemoCommand,
  issueQrCodeCommand,
  replaceQrCodeCommand,
  importMessagesCommand,
];
