import mongoose, { Connection, Types } from 'mongoose';
import { AppProcess, killHard, startAppProcess } from '../support/app-process';

/**
 * The indexes that make writes exactly-once exist before the app serves. A database whose
 * deliveries break the unique index on endpoint and key (as writes that raced the index's build on
 * a fresh database, or a version before the index, leave it) is the case where the build cannot
 * finish: the app must not serve without the index, and must say why. Once the duplicate is gone,
 * it starts, and the index is there at its first answer.
 */
describe('indexes at boot', () => {
  // A database of its own: the test file's own app would build the indexes on the file's.
  const uri = `${process.env.MONGODB_URI}_boot`;
  let connection: Connection;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    connection = await mongoose.createConnection(uri).asPromise();
  });
  afterAll(async () => {
    if (app) await killHard(app);
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
  });

  it('does not serve while a unique index cannot be built, and serves with it once it can', async () => {
    const env = { MONGODB_URI: uri, NODE_ENV: 'development', RATE_LIMIT_ENABLED: 'false' };
    const clientId = new Types.ObjectId();
    const endpointId = new Types.ObjectId();
    const delivery = () => ({
      _id: new Types.ObjectId(),
      clientId,
      endpointId,
      key: 'alert:6b0b753e10005366b229db60:opened',
      messageId: 'msg_twice',
      type: 'alert.opened',
      body: '{}',
      attempt: 1,
      state: 'succeeded',
      manual: false,
      createdAt: new Date(),
    });
    const twice = delivery();
    await connection.collection('webhook_deliveries').insertMany([delivery(), twice]);

    // Kept when it serves after all, to be stopped.
    const refused = await startAppProcess({ env, startTimeoutMs: 240_000 }).then(
      (started) => void (app = started),
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(/the indexes of webhook_deliveries could not be built .*the app does not start without them/s);

    await connection.collection('webhook_deliveries').deleteOne({ _id: twice._id });
    app = await startAppProcess({ env, startTimeoutMs: 240_000 });
    const indexes = await connection.collection('webhook_deliveries').indexes();
    expect(indexes).toContainEqual(expect.objectContaining({ key: { clientId: 1, endpointId: 1, key: 1 }, unique: true }));
  }, 600_000);
});
