import { CircuitBreaker } from './circuit-breaker';

describe('CircuitBreaker', () => {
  let clock: number;
  const breaker = () => new CircuitBreaker({ threshold: 3, cooldownMs: 1000, now: () => clock });

  beforeEach(() => (clock = 0));

  it('stays closed below the threshold and resets on success', () => {
    const b = breaker();
    b.recordFailure();
    b.recordFailure();
    b.recordSuccess();
    b.recordFailure();
    b.recordFailure();
    expect(b.tryAcquire()).toBe(true);
    expect(b.isOpen).toBe(false);
  });

  it('opens after threshold consecutive failures and fails fast during the cool-down', () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) b.recordFailure();
    expect(b.isOpen).toBe(true);
    expect(b.tryAcquire()).toBe(false);
    clock = 999;
    expect(b.tryAcquire()).toBe(false);
  });

  it('lets one trial through after the cool-down; its success closes the circuit', () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) b.recordFailure();
    clock = 1000;
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false);
    b.recordSuccess();
    expect(b.isOpen).toBe(false);
    expect(b.tryAcquire()).toBe(true);
  });

  it('re-opens for a full cool-down when the trial fails', () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) b.recordFailure();
    clock = 1500;
    expect(b.tryAcquire()).toBe(true);
    b.recordFailure();
    clock = 2400;
    expect(b.tryAcquire()).toBe(false);
    clock = 2500;
    expect(b.tryAcquire()).toBe(true);
  });
});
