// The byte store on files: content-addressed (one copy of identical contents), ranges, listing and
// removal; and how `S3_URL` is read for the S3-compatible one (tested against s3rver by
// test/integration/disk.test.ts in the project `integration-s3`).
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { FileByteStore } from './byte-store.ts';
import { parseS3Url } from './s3-byte-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function store(): FileByteStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'bytes-test-'));
  dirs.push(dir);
  return new FileByteStore(dir);
}

const text = async (stream: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('FileByteStore', () => {
  it('keeps a content by its SHA-256, once however often it is stored', async () => {
    const bytes = store();
    const sha = createHash('sha256').update('hello world').digest('hex');
    const first = await bytes.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    const again = await bytes.put(Readable.from([Buffer.from('hello world')]));
    expect(first).toEqual({ hash: sha, size: 11 });
    expect(again).toEqual(first);
    const listed = [];
    for await (const content of bytes.list()) listed.push(content.hash);
    expect(listed).toEqual([sha]);
    expect(readdirSync(path.join(bytes.root, 'tmp'))).toEqual([]);
    expect(await text(await bytes.get(sha))).toBe('hello world');
    expect(await text(await bytes.get(sha, { start: 6, end: 10 }))).toBe('world');
    expect((await bytes.stat(sha))?.size).toBe(11);
    await bytes.delete(sha);
    expect(await bytes.get(sha)).toBeNull();
    expect(await bytes.stat(sha)).toBeNull();
  });

  it('leaves nothing behind when the source fails', async () => {
    const bytes = store();
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(bytes.put(failing)).rejects.toThrow('connection reset');
    expect(readdirSync(path.join(bytes.root, 'tmp'))).toEqual([]);
  });

  it('answers no content for what is no hash', async () => {
    const bytes = store();
    expect(await bytes.get('../../etc/passwd')).toBeNull();
    expect(await bytes.stat('abc')).toBeNull();
  });
});

describe('S3_URL', () => {
  it('names the endpoint, bucket, prefix and keys, or says what is wrong', () => {
    expect(parseS3Url('https://AK:s%2Fk@s3.example.com:9000/files/app/prod', 'eu-1')).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'files',
      prefix: 'app/prod/',
      accessKeyId: 'AK',
      secretAccessKey: 's/k',
      region: 'eu-1',
    });
    expect(parseS3Url('https://s3.example.com/files', 'r')).toMatch(/access key/);
    expect(parseS3Url('https://a:b@s3.example.com/', 'r')).toMatch(/bucket/);
    expect(parseS3Url('ftp://a:b@h/b', 'r')).toMatch(/http/);
  });
});
