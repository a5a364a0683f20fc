import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver ships no types; the part used here is small.
// @ts-expect-error -- untyped CommonJS module
import S3rver from 's3rver';

/** An S3-compatible server on loopback (s3rver), with one bucket. */
export async function startS3Server(bucket = 'muster-test') {
  const directory = mkdtempSync(path.join(tmpdir(), 'muster-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }) as { run(): Promise<{ port: number }>; close(): Promise<void> };
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
