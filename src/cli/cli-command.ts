import { INestApplicationContext } from '@nestjs/common';

export type CliOptions = Record<string, string | boolean | undefined>;

/** One `npm run cli -- <name>` command. Results go to stdout as JSON; logs go to stderr. */
export interface CliCommand {
  name: string;
  usage: string;
  /** Option names taking a value; the rest are flags. */
  options: Record<string, 'string' | 'boolean'>;
  run(app: INestApplicationContext, options: CliOptions): Promise<unknown>;
}

export function requireOption(options: CliOptions, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.length === 0) throw new Error(`--${name} is required`);
  return value;
}
