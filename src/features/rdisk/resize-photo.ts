// Photos are made smaller on the device before they are queued: a phone's 12-megapixel photo
// (4–5 MB) becomes 2048 px on its longer side as a JPEG of quality 0.82, a few hundred kB, enough
// to read an equipment's plate. A file that is no image the browser can draw, or that would not
// get smaller, is kept as it is.
import { MAX_THUMBNAIL_BYTES } from '../../domain/modules/rdisk/records.ts';
import { fitWithin } from '../../domain/modules/rdisk/tree.ts';

export const PHOTO_MAX_SIDE = 2048;
const QUALITY = 0.82;

/** The picture drawn on a canvas with its longer side at most `max` (throws if the browser cannot draw it). */
async function drawWithin(file: File, max: number): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file);
  const size = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return canvas;
}

export async function resizePhoto(file: File, max = PHOTO_MAX_SIDE): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  try {
    const canvas = await drawWithin(file, max);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}

/** A thumbnail's longer side: a list's tile on a 3× phone screen, a few kB. */
export const THUMBNAIL_MAX_SIDE = 240;

/**
 * The photo's thumbnail as a JPEG data URL (docs/disk.md "Thumbnails"), made once here while the
 * device has the picture at hand; null when the browser cannot draw it or it would not be small.
 */
export async function makeThumbnail(file: File, max = THUMBNAIL_MAX_SIDE): Promise<string | null> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return null;
  try {
    const canvas = await drawWithin(file, max);
    const url = canvas.toDataURL('image/jpeg', 0.7);
    const bytes = ((url.length - url.indexOf(',') - 1) * 3) / 4;
    return url.startsWith('data:image/jpeg;base64,') && bytes <= MAX_THUMBNAIL_BYTES ? url : null;
  } catch {
    return null;
  }
}
