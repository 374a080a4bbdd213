import { describe, expect, it } from 'vitest';
import type { FileDoc } from './files.ts';
import { isPictureContent, MAX_SOURCE_BYTES, pictureWithoutThumbnail } from './thumbnails.ts';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const file = (fields: Partial<FileDoc>, version: Record<string, unknown> = {}): FileDoc => ({
  _id: 'fle-1',
  klass: 'CloudFile',
  name: 'motor.jpg',
  kind: 'file',
  versions: [{ hash: HASH_A, size: 2_000_000, at: '2026-11-28T00:00:00.000Z', by: 'usr-1', ...version }],
  ...fields,
});

describe('which files get a thumbnail made by the server', () => {
  it.each([
    ['a JPEG by name, sent untyped', file({}, { content_type: 'application/octet-stream' }), true],
    ['a PNG by type, named without extension', file({ name: 'nota' }, { content_type: 'image/png' }), true],
    ['a thumbnail of an older content', file({ thumbnail_of: HASH_B }), true],
    ['a thumbnail of this content already', file({ thumbnail_of: HASH_A }), false],
    ['a text file', file({ name: 'notes.txt' }, { content_type: 'text/plain' }), false],
    ['in the bin', file({ kind: 'file_deleted' }), false],
    ['a folder', file({ kind: 'dir', versions: undefined }), false],
    ['empty', file({}, { size: 0 }), false],
    ['too big to decode here', file({}, { size: MAX_SOURCE_BYTES + 1 }), false],
  ])('%s', (_, doc, made) => {
    expect(pictureWithoutThumbnail(doc)?.hash ?? null).toBe(made ? HASH_A : null);
  });
});

describe('which contents reach the decoder', () => {
  const bytes = (...values: Array<number | string>) =>
    Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'), true],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), true],
    ['GIF', bytes('GIF89a', 1, 0, 1, 0, 0, 0), true],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), true],
    ['AVIF', bytes(0, 0, 0, 0x1c, 'ftypavif', 0, 0, 0, 0), true],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), false],
    ['PDF', bytes('%PDF-1.7\n%\xe2\xe3'), false],
    ['a PNG cut short', bytes(0x89, 'PNG'), false],
    ['nothing', Buffer.alloc(0), false],
  ])('%s', (_, head, read) => {
    expect(isPictureContent(head)).toBe(read);
  });
});
