import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';
import { Environment } from './environment';

function describe(errors: ValidationError[], raw: Record<string, unknown>): string[] {
  return errors.map((error) => {
    const reasons = Object.values(error.constraints ?? {}).join('; ');
    return `${error.property}=${JSON.stringify(raw[error.property])}: ${reasons}`;
  });
}

/**
 * Validates `process.env` (or a given record) at boot. A missing or malformed variable stops the
 * app with a message naming it and the value it had.
 */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  // whitelist drops every variable that is not ours (the rest of process.env)
  const errors = validateSync(env, { whitelist: true });
  if (errors.length > 0) {
    throw new Error(`Invalid configuration:\n  ${describe(errors, raw).join('\n  ')}`);
  }
  return env;
}
