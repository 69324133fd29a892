import { LeaseLost, RunLease } from './run-lease';

function leaseAt(start: number, leaseMs: number) {
  const clock = { now: start };
  const lease = new RunLease(new Date(start + leaseMs), leaseMs, () => clock.now);
  return { clock, lease };
}

describe('RunLease', () => {
  afterEach(() => jest.useRealTimers());

  it('holds until a quarter of the lease is left, and is lost from then on', () => {
    const { clock, lease } = leaseAt(1_000, 60_000);
    clock.now += 44_999;
    expect(() => lease.assertHeld()).not.toThrow();
    clock.now += 1;
    expect(() => lease.assertHeld()).toThrow(LeaseLost);
    expect(lease.signal.aborted).toBe(true);
    expect(lease.signal.reason).toBeInstanceOf(LeaseLost);
    // Lost stays lost, even if a renewal answers late.
    lease.renewed(new Date(clock.now + 60_000));
    expect(lease.held).toBe(false);
    lease.end();
  });

  it('moves its end with each renewal', () => {
    const { clock, lease } = leaseAt(0, 60_000);
    clock.now = 20_000;
    lease.renewed(new Date(80_000));
    clock.now = 60_000;
    expect(lease.held).toBe(true);
    clock.now = 65_000;
    expect(lease.held).toBe(false);
    lease.end();
  });

  it('says why a lease it was unsure of was lost: the renewal’s error', () => {
    const { clock, lease } = leaseAt(0, 60_000);
    clock.now = 20_000;
    lease.renewalFailed(new Error('connection refused'));
    expect(lease.held).toBe(true); // in doubt, but the stored lease still holds
    clock.now = 46_000;
    expect(() => lease.assertHeld()).toThrow(/renewal failed \(connection refused\)/);
    lease.end();
  });

  it('is lost at once when another instance took the job', () => {
    const { lease } = leaseAt(0, 60_000);
    lease.lose('another instance holds the job');
    expect(() => lease.assertHeld()).toThrow('this run no longer holds its job: another instance holds the job');
    expect(lease.signal.aborted).toBe(true);
  });

  it('aborts its signal by itself when the lease runs out unrenewed', () => {
    jest.useFakeTimers();
    const clock = { now: 0 };
    const lease = new RunLease(new Date(60_000), 60_000, () => clock.now);
    clock.now = 45_000;
    jest.advanceTimersByTime(45_000);
    expect(lease.signal.aborted).toBe(true);
  });
});
