import mongoose from 'mongoose';

/**
 * Each test file has its own database (e2e-env.ts names it): it is dropped once, after the
 * file's last test, however many apps the file booted on it and in whatever order they closed.
 */
const uri = process.env.MONGODB_URI;

afterAll(async () => {
  if (!uri) return;
  const connection = await mongoose
    .createConnection(uri, { serverSelectionTimeoutMS: 3000 })
    .asPromise()
    .catch(() => undefined);
  await connection?.dropDatabase().catch(() => undefined);
  await connection?.close();
});
