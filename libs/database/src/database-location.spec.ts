import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseNameOf } from './database-location';
import { publishAddress, readPublishedAddress, withdrawAddress } from './embedded/published-address';

describe('databaseNameOf', () => {
  it('takes the name from the URI, else the one default name', () => {
    expect(databaseNameOf('mongodb://127.0.0.1:27017')).toBe('fleet');
    expect(databaseNameOf('mongodb://127.0.0.1:27017/')).toBe('fleet');
    expect(databaseNameOf('mongodb://u:p@a:1,b:2/prod?replicaSet=rs0')).toBe('prod');
    expect(databaseNameOf('mongodb+srv://u:p@cluster.example/fleet_eu')).toBe('fleet_eu');
  });
});

describe('the published embedded address', () => {
  const dir = mkdtempSync(join(tmpdir(), 'published-'));
  const file = join(dir, 'embedded-mongo.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is read while its server process lives, and withdrawn by it', () => {
    publishAddress(file, { uri: 'mongodb://127.0.0.1:1', pid: process.pid, ownerPid: process.pid, description: 'x' });
    expect(readPublishedAddress(file)?.uri).toBe('mongodb://127.0.0.1:1');
    withdrawAddress(file, process.pid + 1); // another server's: left alone
    expect(existsSync(file)).toBe(true);
    withdrawAddress(file, process.pid);
    expect(existsSync(file)).toBe(false);
  });

  it('is ignored when its process is gone or the file is garbage', () => {
    publishAddress(file, { uri: 'mongodb://127.0.0.1:1', pid: 2 ** 22 + 12345, ownerPid: 1, description: 'x' });
    expect(readPublishedAddress(file)).toBeUndefined();
    publishAddress(file, 'not json' as never);
    expect(readPublishedAddress(file)).toBeUndefined();
  });
});
