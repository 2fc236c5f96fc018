import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { freePort } from './redis-server.js';

interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on its own port and directory, with one bucket. */
export async function startS3(bucket = 'parley-test') {
  const directory = mkdtempSync(join(tmpdir(), 'parley-s3-'));
  const port = await freePort();
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
