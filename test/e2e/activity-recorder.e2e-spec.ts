import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { createTestApp, TestApp } from '@app/testing';

describe('ActivityRecorder', () => {
  let t: TestApp;
  let recorder: ActivityRecorder;
  const clientId = new Types.ObjectId();
  const request = { requestId: 'req-1', ip: '127.0.0.1' };
  const input = (n: number) => ({ action: 'test.event', resourceType: 'thing', resourceId: String(n), summary: `event ${n}` });

  beforeAll(async () => {
    t = await createTestApp();
    recorder = t.app.get(ActivityRecorder);
  });
  afterAll(() => t.close());

  it('writes events recorded together in one round trip, each caller getting its own id once stored', async () => {
    const inserts: string[] = [];
    t.connection.set('debug', (collection: string, method: string) => collection === 'activity_events' && inserts.push(method));
    try {
      const ids = await Promise.all(Array.from({ length: 50 }, (_, n) => recorder.recordFor({ clientId }, request, input(n))));
      expect(inserts).toEqual(['insertMany']);
      const stored = await t.connection.collection('activity_events').find({ clientId }).toArray();
      expect(stored).toHaveLength(50);
      expect(new Set(ids.map(String))).toEqual(new Set(stored.map((e) => String(e._id))));
      // What was not given is left out, as mongoose would, rather than stored as null.
      expect(Object.keys(stored[0]).sort()).toEqual(
        ['_id', 'action', 'actor', 'clientId', 'ip', 'occurredAt', 'requestId', 'resourceId', 'resourceType', 'summary'].sort(),
      );
      expect(stored[0].actor).toEqual({});
    } finally {
      t.connection.set('debug', false);
    }
  });

  it('never throws: an event that cannot be stored yields undefined, the others in its batch are stored', async () => {
    const other = new Types.ObjectId();
    const [bad, good] = await Promise.all([
      recorder.recordFor({ clientId: other }, request, { ...input(1), action: '' }),
      recorder.recordFor({ clientId: other }, request, input(2)),
    ]);
    expect(bad).toBeUndefined();
    expect(good).toBeInstanceOf(Types.ObjectId);
    expect(await t.connection.collection('activity_events').countDocuments({ clientId: other })).toBe(1);
  });
});
