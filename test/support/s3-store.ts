// The disk's second run (project `integration-s3`): servers a test file starts keep file contents
// in an S3-compatible store (s3rver, from the npm registry) reached by S3_URL, as several
// instances would share MinIO, Ceph or a cloud's; its bucket is made for the file.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { TEST_S3_VARIABLE } from './test-server.ts';

let s3: S3rver | undefined;
let dir: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'moneta-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'moneta-contents', configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver keeps keys as files in folders, and removing an object removes its folder once empty,
  // even while another upload is about to write there (its own race: an uncaught ENOENT). Real
  // S3 has no folders; here an object kept in each folder the server writes to stands in for that.
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const key of ['test/tmp/keep', 'test/contents/keep'])
    await client.send(new PutObjectCommand({ Bucket: 'moneta-contents', Key: key, Body: 'keep' }));
  client.destroy();
  // s3rver's fixed credentials; a prefix, so the bucket's keys are not only ours.
  process.env[TEST_S3_VARIABLE] = `http://S3RVER:S3RVER@127.0.0.1:${address.port}/moneta-contents/test`;
});

afterAll(async () => {
  delete process.env[TEST_S3_VARIABLE];
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
