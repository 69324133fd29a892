import { getMetadataStorage } from 'class-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Environment } from './environment';

describe('.env.example', () => {
  it('documents exactly the variables the app validates', () => {
    const declared = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(Environment, '', true, false)
        .map((metadata) => metadata.propertyName),
    );
    const documented = new Set(
      readFileSync(join(__dirname, '../../../.env.example'), 'utf8')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter((name): name is string => Boolean(name)),
    );
    expect([...documented].sort()).toEqual([...declared].sort());
  });
});
