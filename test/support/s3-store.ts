// The disk's second run (project `integration-s3`): servers a test file starts keep file contents
// in an S3-compatible store (s3rver, from the npm registry) reached by S3_URL, as several
// instances would share MinIO, Ceph or a cloud's; its bucket is made for the file.
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
// @ts-expect-error: s3rver's types do not describe its stores.
import FilesystemStore from 's3rver/lib/stores/filesystem.js';
import { afterAll, beforeAll } from 'vitest';
import { TEST_S3_VARIABLE } from './test-server.ts';

/**
 * s3rver 3.7.1 answers a PUT (an object or a multipart part) once its bytes have passed through,
 * before its file is written: a CopyObject right after (the byte store copies every upload to
 * its content's key) could copy a file still short. Real stores answer once the object is stored.
 * On a loaded machine CI met it: a 5 KB file's content one write short, and the WebDAV client
 * waiting for the rest (docs/testing.md). Both writes are made to answer once the file is written.
 */
interface WritingStore {
  getResourcePath(bucket: string, key: string | undefined, kind?: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}
async function written(content: Buffer | Readable, file: string): Promise<{ size: number; md5: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, counting, createWriteStream(file));
  return { size, md5: md5.digest('hex') };
}
Object.assign(FilesystemStore.prototype, {
  async putObject(
    this: WritingStore,
    object: { bucket: string; key: string; content: Buffer | Readable; metadata: unknown },
  ) {
    const done = await written(object.content, this.getResourcePath(object.bucket, object.key, 'object'));
    await this.putMetadata(object.bucket, object.key, object.metadata, done.md5);
    return done;
  },
  async putPart(this: WritingStore, bucket: string, uploadId: string, partNumber: number, content: Readable) {
    const part = path.join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    const done = await written(content, part);
    await writeFile(`${part}.md5`, done.md5);
    return done;
  },
});

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
