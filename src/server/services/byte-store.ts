// Contents kept apart from the replicated databases (a file's bytes), addressed by their SHA-256:
// identical contents are stored once, whoever sends them. Everything streams: a content is never
// held whole in memory, in or out. Two kinds: files under DATA_DIR (one machine), and an
// S3-compatible object store (several instances share it; s3-byte-store.ts), chosen by `S3_URL`.
// What points at a content is the business of the records that name it: the store only keeps,
// gives, lists and removes (a sweep decides what is no longer named; see docs/disk.md).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredContent {
  /** Lowercase hex SHA-256 of the bytes. */
  hash: string;
  size: number;
}

/** Bytes `start` to `end`, both included, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ByteStore {
  /** Reads `source` to its end and keeps it; when the content is kept already, it is kept once. */
  put(source: Readable): Promise<StoredContent>;
  /** The content, or the range of it, as a stream; null when it is not kept. */
  get(hash: string, range?: ByteRange): Promise<Readable | null>;
  /** Its size, and when it was last stored (a content stored again is fresh again), or null. */
  stat(hash: string): Promise<{ size: number; storedAt: Date } | null>;
  delete(hash: string): Promise<void>;
  /** Every content kept, with when it was last stored. */
  list(): AsyncIterable<{ hash: string; storedAt: Date }>;
}

export const HASH = /^[0-9a-f]{64}$/;

/** Counts and hashes what passes through it. */
export class HashingStream extends Transform {
  private readonly digest = createHash('sha256');
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.digest.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }

  result(): StoredContent {
    return { hash: this.digest.digest('hex'), size: this.size };
  }
}

/**
 * Contents as files under `root`: `<root>/ab/cd/<hash>`. A content is written to a temporary file,
 * flushed to the disk, then renamed into place, so a crash leaves either nothing or the whole of it.
 */
export class FileByteStore implements ByteStore {
  readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = root;
    this.tmp = path.join(root, 'tmp');
  }

  private where(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`not a content hash: ${hash}`);
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  async put(source: Readable): Promise<StoredContent> {
    await mkdir(this.tmp, { recursive: true });
    const temporary = path.join(this.tmp, randomUUID());
    const hashing = new HashingStream();
    try {
      // `flush`: the file is synced to the disk before it is closed, so the rename below never
      // puts a content in place that a crash could leave short.
      await pipeline(source, hashing, createWriteStream(temporary, { flush: true }));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    const content = hashing.result();
    const final = this.where(content.hash);
    await mkdir(path.dirname(final), { recursive: true });
    const existing = await stat(final).catch(() => null);
    if (existing) {
      // Kept already: stored once, and fresh again for the sweep's grace period.
      await rm(temporary, { force: true });
      const now = new Date();
      await utimes(final, now, now);
    } else await rename(temporary, final);
    return content;
  }

  async get(hash: string, range?: ByteRange): Promise<Readable | null> {
    if (!HASH.test(hash)) return null;
    const file = this.where(hash);
    const handle = await open(file, 'r').catch(() => null);
    if (!handle) return null;
    return createReadStream('', { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async stat(hash: string): Promise<{ size: number; storedAt: Date } | null> {
    if (!HASH.test(hash)) return null;
    const found = await stat(this.where(hash)).catch(() => null);
    return found ? { size: found.size, storedAt: found.mtime } : null;
  }

  async delete(hash: string): Promise<void> {
    if (HASH.test(hash)) await rm(this.where(hash), { force: true });
  }

  async *list(): AsyncIterable<{ hash: string; storedAt: Date }> {
    const names = (dir: string) => readdir(dir).catch(() => [] as string[]);
    for (const a of await names(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(a)) continue;
      for (const b of await names(path.join(this.root, a)))
        for (const hash of await names(path.join(this.root, a, b))) {
          if (!HASH.test(hash)) continue;
          const found = await this.stat(hash);
          if (found) yield { hash, storedAt: found.storedAt };
        }
    }
  }
}
