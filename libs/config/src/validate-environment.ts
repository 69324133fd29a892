import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';
import { Environment } from './environment';

function describe(errors: ValidationError[]): string[] {
  return errors.map((error) => {
    const reasons = Object.values(error.constraints ?? {}).join('; ');
    return `${error.property}=${JSON.stringify(error.value)}: ${reasons}`;
  });
}

/**
 * Validates `process.env` (or a given record) at boot. A missing or malformed variable stops the
 * app with a message naming it.
 */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const known = Object.keys(new Environment());
  const relevant = Object.fromEntries(Object.entries(raw).filter(([key]) => known.includes(key)));
  const env = plainToInstance(Environment, relevant, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: true });
  if (errors.length > 0) {
    throw new Error(`Invalid configuration:\n  ${describe(errors).join('\n  ')}`);
  }
  return env;
}
