import { Strategy } from 'passport-http-bearer';
import { runPassportStrategy, StrategyRequest } from './run-passport-strategy';

const requestWith = (authorization = ''): StrategyRequest => ({ headers: { authorization } });

describe('runPassportStrategy with passport-http-bearer', () => {
  const strategy = new Strategy((token, done) => {
    if (token === 'boom') return done(new Error('database down'));
    return done(null, token === 'good' ? { id: 'user-1' } : false);
  });

  it('resolves the verified user', async () => {
    await expect(runPassportStrategy(strategy, requestWith('Bearer good'))).resolves.toEqual({ user: { id: 'user-1' } });
  });

  it('resolves false for a rejected token, a missing header, another scheme or a malformed one', async () => {
    for (const header of ['Bearer bad', undefined, 'Basic Zm9v', 'Bearer two parts']) {
      await expect(runPassportStrategy(strategy, requestWith(header))).resolves.toEqual({ user: false });
    }
  });

  it('rejects with the error of the verification', async () => {
    await expect(runPassportStrategy(strategy, requestWith('Bearer boom'))).rejects.toThrow('database down');
  });

  it('leaves the shared strategy untouched (each request gets its own attempt)', async () => {
    await runPassportStrategy(strategy, requestWith('Bearer good'));
    expect(Object.prototype.hasOwnProperty.call(strategy, 'success')).toBe(false);
  });
});
