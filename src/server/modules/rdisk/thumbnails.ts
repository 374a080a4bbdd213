// Thumbnails the server makes, for pictures that arrive without one: uploaded from the disk page
// or over WebDAV, restored from an older version, or a photo whose device never sent its own. A
// job on the queue after the content is stored (never on the request's path), reading the content
// back from the byte store (S3 included) into libvips (`sharp`), which shrinks a JPEG while
// decoding it. The device's thumbnail stays the first choice: a device that says it will
// send one gives it DEVICE_FIRST_MS before the server makes its own (docs/disk.md, "Thumbnails").
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { isId } from '../../../domain/ids.ts';
import {
  type FileVersion,
  isPictureFile,
  isThumbnailData,
  MAX_THUMBNAIL_BYTES,
} from '../../../domain/modules/rdisk/records.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/http-error.ts';
import { HASH } from '../../services/byte-store.ts';
import type { JobHandler } from '../../services/jobs.ts';
import { currentVersion, type FileDoc, setThumbnail } from './files.ts';

export const THUMBNAIL_JOB = 'disk-thumbnail';
/** The longer side, as the device's (src/features/rdisk/resize-photo.ts). */
export const THUMBNAIL_SIDE = 240;
/** How long a device that said it sends its own thumbnail is waited for. */
export const DEVICE_FIRST_MS = 10 * 60_000;
/** Past these, no thumbnail is made here: a decode's time and memory stay bounded on a small server. */
export const MAX_SOURCE_BYTES = 40_000_000;
const MAX_PIXELS = 50_000_000;

// One decode at a time, nothing cached between them: thumbnails are background work beside requests.
sharp.concurrency(1);
sharp.cache(false);

/** The current version when it is a picture of a size made here whose thumbnail is missing or stale. */
export function pictureWithoutThumbnail(doc: FileDoc): FileVersion | null {
  const version = currentVersion(doc);
  if (!version || doc.kind !== 'file' || doc.thumbnail_of === version.hash) return null;
  if (version.size === 0 || version.size > MAX_SOURCE_BYTES) return null;
  return isPictureFile(doc) ? version : null;
}

/** A JPEG starts FF D8 FF (what the device's thumbnails must be, and one format read here). */
export const isJpeg = (head: Uint8Array) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;

/**
 * The raster formats read here, by their first bytes: libvips picks its loader by content, not by
 * name or type, so an SVG or a PDF named `.jpg` must not reach it.
 */
const FORMATS: ReadonlyArray<(head: Buffer) => boolean> = [
  isJpeg,
  (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), // PNG
  (h) => h.subarray(0, 4).toString('latin1') === 'GIF8',
  (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  (h) => h.subarray(4, 8).toString('latin1') === 'ftyp', // AVIF, HEIC
];

/** Whether these first bytes name a raster format read here. */
export const isPictureContent = (head: Buffer) => FORMATS.some((known) => known(head));

/**
 * The whole content, or null past MAX_SOURCE_BYTES (libvips decodes from memory, one picture per
 * instance at a time). A store failing mid-read throws.
 */
async function readAll(source: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_SOURCE_BYTES) return null;
      chunks.push(chunk);
    }
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks, size);
}

/**
 * Files the job for `doc`'s current content when it is a picture without a thumbnail. A failure
 * to file it is logged, not thrown: the content and the record are stored already, and a missing
 * thumbnail shows as a placeholder.
 */
export async function thumbnailLater(
  ctx: AppContext,
  db: string,
  doc: FileDoc,
  { deviceSends = false }: { deviceSends?: boolean } = {},
): Promise<void> {
  const version = pictureWithoutThumbnail(doc);
  if (!version) return;
  try {
    await ctx.jobs.enqueue(
      THUMBNAIL_JOB,
      { db, id: doc._id, hash: version.hash },
      deviceSends ? { delayMs: DEVICE_FIRST_MS } : {},
    );
  } catch (error) {
    ctx.config.log(`disk: thumbnail of ${doc._id} not filed: ${(error as Error).message}`);
  }
}

/** A JPEG of at most THUMBNAIL_SIDE px and MAX_THUMBNAIL_BYTES, or null when none that small comes out. */
async function shrink(content: Buffer): Promise<Buffer | null> {
  if (!isPictureContent(content)) throw new Error('not a picture format read here');
  const image = await sharp(content, { limitInputPixels: MAX_PIXELS, sequentialRead: true, failOn: 'error' })
    // Photos carry the camera's orientation: the thumbnail is drawn upright, as the device's.
    .rotate()
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toBuffer();
  for (const quality of [70, 50, 30]) {
    const jpeg = await sharp(image).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_THUMBNAIL_BYTES) return jpeg;
  }
  return null;
}

const readable = (payload: Record<string, unknown>) =>
  typeof payload.db === 'string' &&
  isId(payload.db, 'acc') &&
  typeof payload.id === 'string' &&
  isId(payload.id, 'fle') &&
  typeof payload.hash === 'string' &&
  HASH.test(payload.hash);

/**
 * The job: the thumbnail of the content `hash` of file `id`, unless the file has another content
 * by now or has its thumbnail already (the device's came first). A content libvips cannot read
 * (not a picture after all, damaged, too many pixels) is logged and left: trying again would fail
 * again. The store failing (before or while the content is read) throws, and the queue tries later.
 */
export const makeThumbnail: JobHandler = async (ctx, payload) => {
  if (!readable(payload)) return;
  const { db, id, hash } = payload as { db: string; id: string; hash: string };
  const doc = await ctx.store.get<FileDoc>(db, id);
  const version = doc && !doc._deleted ? pictureWithoutThumbnail(doc) : null;
  if (!doc || version?.hash !== hash) return;
  const source = await ctx.bytes.get(hash);
  const content = source && (await readAll(source));
  if (!content) return;
  let jpeg: Buffer | null;
  try {
    jpeg = await shrink(content);
  } catch (error) {
    ctx.config.log(`disk: no thumbnail of ${id} (${(error as Error).message})`);
    return;
  }
  const thumbnail = jpeg && `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  if (!thumbnail || !isThumbnailData(thumbnail)) return;
  try {
    await setThumbnail(ctx, db, doc, hash, thumbnail, { userId: version.by });
  } catch (error) {
    // The file has another content now (its own job follows), or is gone.
    if (error instanceof HttpError && (error.status === 409 || error.status === 404)) return;
    throw error;
  }
};
