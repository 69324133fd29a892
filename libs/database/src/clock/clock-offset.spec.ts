import { offsetFrom } from './clock-offset';

describe('offsetFrom', () => {
  it('reads the server halfway through the round trip', () => {
    expect(offsetFrom([{ sentAt: 1_000, receivedAt: 1_010, serverTime: 61_005 }])).toEqual({ offsetMs: 60_000, uncertaintyMs: 6 });
    expect(offsetFrom([{ sentAt: 1_000, receivedAt: 1_004, serverTime: 500 }])).toEqual({ offsetMs: -502, uncertaintyMs: 3 });
  });

  it('keeps the reading with the shortest round trip', () => {
    const samples = [
      { sentAt: 0, receivedAt: 400, serverTime: 5_350 },
      { sentAt: 1_000, receivedAt: 1_002, serverTime: 6_001 },
      { sentAt: 2_000, receivedAt: 2_050, serverTime: 7_000 },
    ];
    expect(offsetFrom(samples)).toEqual({ offsetMs: 5_000, uncertaintyMs: 2 });
  });

  it('answers null without a reading', () => {
    expect(offsetFrom([])).toBeNull();
  });
});
