import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createClientCommand } from '../../../src/cli/commands/create-client.command';
import { createUserCommand } from '../../../src/cli/commands/create-user.command';
import { createTenant, TestTenant, TestUser } from '../../factories/tenant.factory';

/**
 * NIST SP 800-63B passwords. Blank, control-character, repetitive, sequential and
 * common passwords are refused with 400 shape A saying why; long unusual phrases are accepted.
 * The command line's `create-user --password` follows the same rule.
 */
describe('weak passwords', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let user: TestUser;
  const change = (password: string) =>
    request(t.server).patch(`/api/users/${user.user._id}/change-password`).set('Authorization', `Bearer ${user.token}`).send({ password });
  const login = (password: string) => request(t.server).post('/api/auth/login').send({ email: user.email, password });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    user = await tenant.addUser({ permissions: [Permission.User] });
  });
  afterAll(() => t.close());

  it.each([
    ['ten spaces', ' '.repeat(10), 'The password must not consist only of spaces'],
    ['tabs and spaces', ' \t \t \t \t \t', 'password must not contain control characters (tab and line breaks included)'],
    ['ten NUL characters', '\u0000'.repeat(10), 'password must not contain control characters (tab and line breaks included)'],
    ['aaaaaaaaaa', 'aaaaaaaaaa', 'The password is too easy to guess: it repeats the same characters. Use a longer phrase of unrelated words'],
    ['1234567890', '1234567890', 'The password is too easy to guess: it is one of the most used passwords. Use a longer phrase of unrelated words'],
    ['abcdefghij', 'abcdefghij', 'The password is too easy to guess: it is a simple sequence such as abc or 123. Use a longer phrase of unrelated words'],
    ['qwertyuiop', 'qwertyuiop', 'The password is too easy to guess: it is one of the most used passwords. Use a longer phrase of unrelated words'],
    ['password123', 'password123', 'The password is too easy to guess: it is a commonly used password. Use a longer phrase of unrelated words'],
    ['Password1!', 'Password1!', 'The password is too easy to guess: it is too similar to a commonly used password. Use a longer phrase of unrelated words'],
  ])('refuses %s with 400 shape A saying why, and the old password still works', async (_name, password, error) => {
    const res = await change(password);
    expect([res.status, res.body]).toEqual([400, { error }]);
    await login(user.password).expect(200);
  });

  it("refuses a password built from the user's own email address", async () => {
    const local = user.email.split('@')[0];
    const res = await change(local);
    expect([res.status, res.body]).toEqual([
      400,
      { error: 'The password is too easy to guess: it is built from your email address or name. Use a longer phrase of unrelated words' },
    ]);
  });

  it('accepts a long phrase of unrelated words, which then signs in', async () => {
    await change('tortuga violeta en bicicleta').expect(200);
    await login('tortuga violeta en bicicleta').expect(200);
  });

  it('applies the same rule to the command line create-user --password', async () => {
    const client = (await createClientCommand.run(t.app, { name: 'Password rules' })) as { id: string };
    await expect(createUserCommand.run(t.app, { client: client.id, email: 'weak@rules.cl', name: 'Weak', password: '1234567890' })).rejects.toThrow(
      '--password: The password is too easy to guess: it is one of the most used passwords. Use a longer phrase of unrelated words',
    );
    await expect(createUserCommand.run(t.app, { client: client.id, email: 'blank@rules.cl', name: 'Blank', password: ' '.repeat(12) })).rejects.toThrow(
      '--password: The password must not consist only of spaces',
    );
    const created = (await createUserCommand.run(t.app, {
      client: client.id,
      email: 'strong@rules.cl',
      name: 'Strong',
      password: 'cactus naranja sobre el tejado',
    })) as { password: string };
    expect(created.password).toBe('cactus naranja sobre el tejado');
    await request(t.server).post('/api/auth/login').send({ email: 'strong@rules.cl', password: created.password }).expect(200);
  });
});
