import { KeyedQueue } from './keyed-queue';

describe('KeyedQueue', () => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('runs a task of several keys after the earlier tasks of each, and later tasks of any of them after it', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const [a, b] = [gate(), gate()];
    const first = queue.run('a', async () => (await a.opened, log.push('a')));
    const second = queue.run('b', async () => (await b.opened, log.push('b')));
    const both = queue.runAll(['a', 'b', 'a'], async () => log.push('a+b'));
    const afterB = queue.run('b', async () => log.push('b again'));
    const other = queue.run('c', async () => log.push('c'));
    await other;
    expect(log).toEqual(['c']); // another key does not wait
    b.open();
    await second;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['c', 'b']); // the two-key task still waits for a
    a.open();
    await Promise.all([first, both, afterB]);
    expect(log).toEqual(['c', 'b', 'a', 'a+b', 'b again']);
  });

  it('goes on after a failed task, each caller seeing its own outcome', async () => {
    const queue = new KeyedQueue();
    const failed = queue.runAll(['a', 'b'], async () => {
      throw new Error('boom');
    });
    const next = queue.run('b', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});
