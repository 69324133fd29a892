import { advance, MeterFeed, MeterFix } from './meter-rules';
import { MeterTail, METER_TAIL_FIXES, nextTail, replayFromTail } from './meter-tail';

const TRACKER = 't1';

/** A drive: moving north-east, stopping now and then, the ignition off for a while. */
function drive(count: number): MeterFix[] {
  return Array.from({ length: count }, (_, i) => ({
    ts: 1_000 + i * 7,
    lat: -33.45 + i * 0.0004 * ((i % 11) / 10),
    lng: -70.65 + i * 0.0003,
    speed: i % 13 === 0 ? 0 : 30 + (i % 5),
    ignition: Math.floor(i / 40) % 3 !== 2,
    mileage: null,
  }));
}

interface Meters {
  km: number;
  hours: number;
  feed: MeterFeed | null;
  tail: MeterTail | null;
}

/** One batch as the meters count it: late fixes from the tail (or, beyond it, not at all here), then the newer ones. */
function countBatch(meters: Meters, batch: readonly MeterFix[]): { meters: Meters; fromTail: boolean } {
  let { km, hours, feed } = meters;
  const late = feed ? batch.filter((fix) => fix.ts <= feed!.ts) : [];
  const newer = feed ? batch.filter((fix) => fix.ts > feed!.ts) : batch;
  let tailFixes = meters.tail?.fixes ?? [];
  const tailFrom = meters.tail?.from ?? feed;
  let fromTail = false;
  if (late.length > 0) {
    const replay = replayFromTail(meters.tail, TRACKER, late);
    if (!replay) throw new Error('late beyond the tail');
    ({ feed } = replay);
    km += replay.km;
    hours += replay.hours;
    tailFixes = replay.fixes;
    fromTail = true;
  }
  const step = advance(feed, TRACKER, newer);
  return { meters: { km: km + step.km, hours: hours + step.hours, feed: step.feed, tail: nextTail(tailFrom, TRACKER, [...tailFixes, ...newer]) }, fromTail };
}

const start: Meters = { km: 0, hours: 0, feed: null, tail: null };

describe('replaying late fixes from the meters tail', () => {
  it('gives the meters the same distance, hours and feed as the fixes counted in order', () => {
    const fixes = drive(300);
    const inOrder = fixes.reduce((meters, fix) => countBatch(meters, [fix]).meters, start);
    expect(inOrder.km).toBeGreaterThan(1);
    expect(inOrder.hours).toBeGreaterThan(0.1);

    // Batches stored out of order after the first four: each group of four arrives as 2nd, 4th, 1st, 3rd.
    const shuffled = [...fixes.slice(0, 4), ...fixes.slice(4).flatMap((_, i, rest) => (i % 4 === 0 ? [rest[i + 1], rest[i + 3], rest[i], rest[i + 2]] : []))];
    let late = 0;
    const outOfOrder = shuffled.reduce((meters, fix) => {
      const counted = countBatch(meters, [fix]);
      if (counted.fromTail) late++;
      return counted.meters;
    }, start);
    expect(late).toBeGreaterThan(100);
    expect(outOfOrder.km).toBeCloseTo(inOrder.km, 9);
    expect(outOfOrder.hours).toBeCloseTo(inOrder.hours, 9);
    expect(outOfOrder.feed).toEqual(inOrder.feed);
  });

  it('keeps only the newest fixes, the feed before them moved on', () => {
    const fixes = drive(10);
    const from = advance(null, TRACKER, fixes.slice(0, 1)).feed!;
    const tail = nextTail(from, TRACKER, fixes.slice(1))!;
    expect(tail.fixes.map((fix) => fix.ts)).toEqual(fixes.slice(-METER_TAIL_FIXES).map((fix) => fix.ts));
    expect(advance(tail.from, TRACKER, tail.fixes).feed).toEqual(advance(from, TRACKER, fixes.slice(1)).feed);
  });

  it('does not reach back past its first fix, another tracker, or a device that sends its mileage', () => {
    const fixes = drive(10);
    const from = advance(null, TRACKER, fixes.slice(0, 5)).feed!;
    const tail: MeterTail = { from, fixes: fixes.slice(5) };
    expect(replayFromTail(tail, TRACKER, [fixes[3]])).toBeNull();
    expect(replayFromTail(tail, 'other', [{ ...fixes[6], ts: fixes[6].ts - 1 }])).toBeNull();
    expect(replayFromTail({ from: { ...from, mileage: 1200 }, fixes: tail.fixes }, TRACKER, [{ ...fixes[6], ts: fixes[6].ts - 1 }])).toBeNull();
    expect(replayFromTail(null, TRACKER, [fixes[6]])).toBeNull();
  });

  it('changes nothing for a fix it already counted (a resend)', () => {
    const fixes = drive(10);
    const from = advance(null, TRACKER, fixes.slice(0, 5)).feed!;
    const replay = replayFromTail({ from, fixes: fixes.slice(5) }, TRACKER, [fixes[7]])!;
    expect(replay.km).toBe(0);
    expect(replay.hours).toBe(0);
    expect(replay.fixes).toHaveLength(5);
  });
});
