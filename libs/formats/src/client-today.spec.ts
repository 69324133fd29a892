import { clientToday } from './client-today';

describe('clientToday', () => {
  it('is the calendar day in the client’s zone, not in UTC', () => {
    const lateEvening = new Date('2026-01-01T02:30:00Z'); // 23:30 on 31 December in Santiago (UTC-3 in summer)
    expect(clientToday('America/Santiago', lateEvening)).toBe('2025-12-31');
    expect(clientToday('UTC', lateEvening)).toBe('2026-01-01');
    expect(clientToday('Asia/Tokyo', new Date('2026-06-30T16:00:00Z'))).toBe('2026-07-01');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(clientToday('Mars/Olympus', new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
  });
});
