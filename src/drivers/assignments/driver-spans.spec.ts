import { resolveSpans, spanAt, StoredSpan } from './driver-spans';

const span = (assignmentId: string, source: 'manual' | 'telemetry', from: number, to = Infinity): StoredSpan => ({
  assignmentId,
  driverId: `d-${assignmentId}`,
  from,
  to,
  source,
});
const shape = (spans: StoredSpan[]) => spans.map(({ assignmentId, from, to }) => [assignmentId, from, to]);

describe('resolveSpans', () => {
  it('keeps a manual span whole and cuts the telemetry spans around it', () => {
    expect(shape(resolveSpans([span('t1', 'telemetry', 0, 100), span('m1', 'manual', 30, 60)]))).toEqual([
      ['t1', 0, 30],
      ['m1', 30, 60],
      ['t1', 60, 100],
    ]);
  });

  it('drops a telemetry span a manual one covers, and closes an open span at the next of its source', () => {
    expect(shape(resolveSpans([span('m2', 'manual', 50), span('m1', 'manual', 0), span('t1', 'telemetry', 60, 70)]))).toEqual([
      ['m1', 0, 50],
      ['m2', 50, Infinity],
    ]);
  });

  it('lets telemetry fill the gaps between manual spans', () => {
    expect(shape(resolveSpans([span('t1', 'telemetry', 0), span('m1', 'manual', 10, 20), span('m2', 'manual', 30, 40)]))).toEqual([
      ['t1', 0, 10],
      ['m1', 10, 20],
      ['t1', 20, 30],
      ['m2', 30, 40],
      ['t1', 40, Infinity],
    ]);
  });
});

describe('spanAt', () => {
  const spans = [
    { from: new Date(0), to: new Date(10), id: 'a' },
    { from: new Date(10), to: null, id: 'b' },
  ];
  it('answers the span whose [from, to) holds the moment', () => {
    expect(spanAt(spans, 0)?.id).toBe('a');
    expect(spanAt(spans, 10)?.id).toBe('b');
    expect(spanAt(spans, -1)).toBeNull();
  });
});
