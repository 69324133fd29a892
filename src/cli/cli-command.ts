import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';

export type CliOptions = Record<string, string | boolean | undefined>;
export type CliModuleImport = Type<unknown> | DynamicModule;

/**
 * One `npm run cli -- <name>` command as the command line lists it. Its work is in a file of its
 * own, loaded only when that command runs: listing the commands loads none of the domains.
 */
export interface CliCommand {
  name: string;
  usage: string;
  /** Option names taking a value; the rest are flags. */
  options: Record<string, 'string' | 'boolean'>;
  load(): Promise<CliCommandWork>;
}

/** What a command does. Results go to stdout as JSON; logs go to stderr. */
export interface CliCommandWork {
  /** The Nest modules it needs beside the command line's own (configuration, database, identities). */
  imports: readonly CliModuleImport[];
  run(app: INestApplicationContext, options: CliOptions): Promise<unknown>;
}

export function requireOption(options: CliOptions, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.length === 0) throw new Error(`--${name} is required`);
  return value;
}
