import { DomainEvents } from './domain-events';
import { Topic } from './topic';

describe('DomainEvents', () => {
  const ORDERED = new Topic<{ id: number }>('test.ordered');
  const OTHER = new Topic<string>('test.other');

  it('tells a topic’s listeners what was published on it, and only them', async () => {
    const bus = new DomainEvents();
    const heard: unknown[] = [];
    bus.on(ORDERED, (payload) => void heard.push(payload.id));
    bus.on(OTHER, (payload) => void heard.push(payload));
    await bus.publish(ORDERED, { id: 7 });
    expect(heard).toEqual([7]);
    expect(bus.heard(ORDERED)).toBe(true);
  });

  it('fails the publisher when a listener fails, after every listener was told', async () => {
    const bus = new DomainEvents();
    const told: string[] = [];
    bus.on(OTHER, () => Promise.reject(new Error('down')));
    bus.on(OTHER, (payload) => void told.push(payload));
    await expect(bus.publish(OTHER, 'x')).rejects.toThrow('down');
    expect(told).toEqual(['x']);
  });

  it('tells in turn, one after another, and stops hearing once unsubscribed', async () => {
    const bus = new DomainEvents();
    const order: string[] = [];
    const stop = bus.on(OTHER, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('first');
    });
    bus.on(OTHER, () => void order.push('second'));
    await bus.publishInTurn(OTHER, 'x');
    expect(order).toEqual(['first', 'second']);
    stop();
    await bus.publishInTurn(OTHER, 'y');
    expect(order).toEqual(['first', 'second', 'second']);
    expect(bus.heard(ORDERED)).toBe(false);
  });
});
