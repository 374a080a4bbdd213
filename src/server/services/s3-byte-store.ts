// The byte store on an S3-compatible object store (MinIO, Ceph, Garage, a cloud's), through the
// official client: what several server instances share. `S3_URL` names it:
// `http(s)://<access key>:<secret>@<host>[:port]/<bucket>[/<prefix>]`, path-style (what the
// self-hosted stores answer). A content's hash is known only once it has passed, so it is uploaded
// (multipart, a few parts in memory at most) under a temporary key, then copied in the store to
// its hash's key and the temporary one removed: identical contents end as one object.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteRange, type ByteStore, HASH, HashingStream, type StoredContent } from './byte-store.ts';

export interface S3Location {
  endpoint: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** `S3_URL` read, or a sentence saying what is wrong with it. */
export function parseS3Url(value: string, region: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'S3_URL must be an http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'S3_URL must be an http(s) URL';
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket) return 'S3_URL must name its bucket: http(s)://key:secret@host/bucket';
  if (!url.username || !url.password)
    return 'S3_URL must carry its access key and secret: http(s)://key:secret@host/bucket';
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region,
  };
}

/** Parts of 8 MB, two in flight: at most 16 MB of a content in memory per upload. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The largest object one CopyObject copies (S3's limit; the self-hosted stores follow it). */
export const MAX_SINGLE_COPY = 5 * 1024 ** 3;
/** A copied part: at least 5 MiB (the last aside), at most 5 GiB, at most 10,000 parts. */
const COPY_PART = 512 * 1024 ** 2;
const MAX_PARTS = 10_000;

export interface CopyPart {
  partNumber: number;
  start: number;
  end: number;
  /** `CopySourceRange`: both ends included. */
  range: string;
}

/**
 * The parts of a multipart copy (UploadPartCopy) of `size` bytes: 512 MiB each, or bigger when
 * that would need more than 10,000 parts (5 TiB, the largest object, takes parts of about 525 MiB).
 */
export function copyPartPlan(size: number): CopyPart[] {
  const partSize = Math.max(COPY_PART, Math.ceil(size / MAX_PARTS));
  const parts: CopyPart[] = [];
  for (let start = 0; start < size; start += partSize) {
    const end = Math.min(start + partSize, size) - 1;
    parts.push({ partNumber: parts.length + 1, start, end, range: `bytes=${start}-${end}` });
  }
  return parts;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export class S3ByteStore implements ByteStore {
  private readonly client: S3Client;
  private readonly location: S3Location;

  constructor(location: S3Location) {
    this.location = location;
    this.client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: true,
      // Checksums only where S3 requires them: many self-hosted stores do not read the trailing
      // checksums of aws-chunked bodies that the client otherwise sends on every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    });
  }

  private key(hash: string): string {
    return `${this.location.prefix}contents/${hash}`;
  }

  async put(source: Readable): Promise<StoredContent> {
    const hashing = new HashingStream();
    const temporary = `${this.location.prefix}tmp/${randomUUID()}`;
    source.on('error', (error) => hashing.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: temporary, Body: source.pipe(hashing) },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    try {
      await upload.done();
      const content = hashing.result();
      // Copied even when kept already: the copy is what makes it fresh for the sweep's grace period.
      await this.copy(temporary, this.key(content.hash), content.size);
      return content;
    } catch (error) {
      // Parts still in flight stop before the temporary object is removed.
      await upload.abort().catch(() => undefined);
      throw error;
    } finally {
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: temporary }))
        .catch(() => undefined);
    }
  }

  /** One CopyObject up to 5 GiB; past it, a multipart copy made of ranges of the source, in the store. */
  private async copy(from: string, to: string, size: number): Promise<void> {
    const Bucket = this.location.bucket;
    const CopySource = `${Bucket}/${from}`;
    if (size <= MAX_SINGLE_COPY) {
      await this.client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource, MetadataDirective: 'REPLACE' }));
      return;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key: to }));
    try {
      const Parts = [];
      // One part at a time: each is copied inside the store, and the server waits on it either way.
      for (const part of copyPartPlan(size)) {
        const answer = await this.client.send(
          new UploadPartCopyCommand({
            Bucket,
            Key: to,
            UploadId,
            CopySource,
            CopySourceRange: part.range,
            PartNumber: part.partNumber,
          }),
        );
        Parts.push({ PartNumber: part.partNumber, ETag: answer.CopyPartResult?.ETag });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: to, UploadId, MultipartUpload: { Parts } }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: to, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(hash: string, range?: ByteRange): Promise<Readable | null> {
    if (!HASH.test(hash)) return null;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.key(hash),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body instanceof Readable ? answer.Body : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(hash: string): Promise<{ size: number; storedAt: Date } | null> {
    if (!HASH.test(hash)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(hash) }));
      return { size: head.ContentLength ?? 0, storedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(hash: string): Promise<void> {
    if (!HASH.test(hash)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(hash) }));
  }

  async *list(): AsyncIterable<{ hash: string; storedAt: Date }> {
    const prefix = `${this.location.prefix}contents/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        const hash = item.Key?.slice(prefix.length) ?? '';
        if (HASH.test(hash)) yield { hash, storedAt: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
