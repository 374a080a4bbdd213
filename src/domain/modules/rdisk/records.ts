// The disk's records (spec 001 §3 File, §4 file kinds): one record per file or folder, `fle-…`,
// replicated with the group so the tree browses offline. Contents never ride in the database: the
// server keeps them in its byte store (src/server/services/byte-store) and lists them here as
// versions, newest first. People rename, describe, colour, star, move, delete and restore; only the
// server writes what names contents (versions, size), since a hash written by a person could name
// another group's content in the shared store.
import { FIELD_MESSAGES as M } from '../../errors.ts';
import type { FieldSpec, ResourceSpec } from '../../records/schema.ts';

export const FILE_KINDS = ['file', 'file_deleted', 'file_enc', 'dir', 'dir_deleted', 'dir_app'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Kinds that hold contents, and kinds that hold other records. */
export const FILE_LIKE: ReadonlySet<string> = new Set(['file', 'file_deleted', 'file_enc']);
export const FOLDER_LIKE: ReadonlySet<string> = new Set(['dir', 'dir_deleted', 'dir_app']);
/** What is shown in the tree (and over WebDAV): the others wait in the bin to be restored. */
export const LIVE_KINDS: ReadonlySet<string> = new Set(['file', 'file_enc', 'dir', 'dir_app']);

/** The kind changes a person may make: delete to the bin, and restore from it. */
const KIND_CHANGES: Readonly<Record<string, readonly string[]>> = {
  file: ['file_deleted'],
  file_enc: ['file_deleted'],
  file_deleted: ['file'],
  dir: ['dir_deleted'],
  dir_app: ['dir_deleted'],
  dir_deleted: ['dir'],
};

/**
 * The bytes a group's files keep in the byte store: every content a version names (the bin's
 * too, they are still kept), each content once however many files or versions name it.
 */
export function storedBytes(docs: readonly { versions?: readonly FileVersion[] }[]): number {
  const sizes = new Map<string, number>();
  for (const doc of docs) for (const version of doc.versions ?? []) sizes.set(version.hash, version.size);
  let total = 0;
  for (const size of sizes.values()) total += size;
  return total;
}

/** Spec 001 §4: the last 3 versions are kept unless the file says otherwise. */
export const DEFAULT_MAX_VERSIONS = 3;
export const MAX_MAX_VERSIONS = 100;

/** One content a file had: its SHA-256 in the byte store, its size in bytes, when and by whom. */
export interface FileVersion {
  hash: string;
  size: number;
  at: string;
  by: string;
  content_type?: string;
  /**
   * The device's key for the upload that brought it (`?upload=`): a sending repeated because its
   * answer was lost is answered with this version instead of adding another, and a device knows
   * the photo it still holds has arrived.
   */
  upload?: string;
}

/** The upload keys the files' versions name: what of a device's uploads has arrived. */
export function arrivedUploads(files: readonly { versions?: readonly FileVersion[] }[]): Set<string> {
  return new Set(files.flatMap((file) => (file.versions ?? []).flatMap((version) => version.upload ?? [])));
}

/** Fields only the server writes (see the header). */
export const FILE_SERVER_FIELDS = [
  'versions',
  'size',
  'fullpath',
  'webdav_link',
  'external_key',
  'dav_props',
  'modified_at',
  'thumbnail',
  'thumbnail_of',
] as const;

/**
 * A thumbnail is a small JPEG (the longer side 240 px) kept on the record as a data URL, so a
 * record's page lists photos offline and never downloads a full image for a list. The device that
 * resizes a photo makes it and sends it once the photo is stored; the server checks it and writes
 * it, with the hash of the content it shows (a new version makes it stale).
 */
export const MAX_THUMBNAIL_BYTES = 24_000;
const THUMBNAIL_PREFIX = 'data:image/jpeg;base64,';

export function isThumbnailData(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith(THUMBNAIL_PREFIX) &&
    value.length <= THUMBNAIL_PREFIX.length + Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4 &&
    /^[A-Za-z0-9+/]+={0,2}$/.test(value.slice(THUMBNAIL_PREFIX.length))
  );
}

/** The record's thumbnail while it shows the current content; null otherwise. */
export function currentThumbnail(record: object): string | null {
  const doc = record as Doc;
  const versions = doc.versions as readonly FileVersion[] | undefined;
  const current = versions?.[0]?.hash;
  return current && doc.thumbnail_of === current && isThumbnailData(doc.thumbnail) ? doc.thumbnail : null;
}

const PICTURE_NAME = /\.(jpe?g|png|webp|gif|heic|heif|avif)$/i;

/** A picture, by its current content's type or, for a file a client sent untyped, by its name. */
export function isPictureFile(record: object): boolean {
  const doc = record as Doc;
  const type = (doc.versions as readonly FileVersion[] | undefined)?.[0]?.content_type ?? '';
  return type.startsWith('image/') || (typeof doc.name === 'string' && PICTURE_NAME.test(doc.name));
}

/**
 * A record's name as one folder name (`Customers/Ana Souza`): slashes and control characters
 * become dashes, outer spaces go, at most 255 characters; its id when nothing is left.
 */
export function recordFolderName(name: unknown, id: string): string {
  const cleaned =
    typeof name === 'string'
      ? name
          .replace(/[/\\\p{Cc}]/gu, '-')
          .trim()
          .slice(0, 255)
          .trim()
      : '';
  return isFileName(cleaned) ? cleaned : id;
}

const fromServer = (field: Omit<FieldSpec, 'readOnly'>): FieldSpec => ({ ...field, readOnly: true });

type Doc = Readonly<Record<string, unknown>>;

/** A name that is one path segment everywhere: no slash, no dot segment, no control character. */
export function isFileName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.trim() === name &&
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    name.length <= 255 &&
    !/[/\\\p{Cc}]/u.test(name)
  );
}

/** The versions a file keeps: its own `max_versions`, else 3. */
export function maxVersionsOf(doc: Doc): number {
  const max = doc.max_versions;
  return typeof max === 'number' && Number.isInteger(max) && max >= 1
    ? Math.min(max, MAX_MAX_VERSIONS)
    : DEFAULT_MAX_VERSIONS;
}

export const cloudFiles: ResourceSpec = {
  resource: 'cloud_files',
  klass: 'CloudFile',
  // The disk's own screens (/disk) list and edit them.
  screens: ['show', 'edit'],
  noHistory: true,
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 255 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'color', type: 'text', maxLength: 32 },
    // The folder holding it; none at the root.
    { name: 'dir_id', type: 'reference', ref: 'CloudFile' },
    { name: 'kind', type: 'select', options: FILE_KINDS, initial: 'file', required: true },
    { name: 'starred', type: 'boolean', initial: false },
    { name: 'max_versions', type: 'integer', min: 1, max: MAX_MAX_VERSIONS },
    fromServer({ name: 'size', type: 'integer', min: 0 }),
    fromServer({ name: 'fullpath', type: 'text', maxLength: 4096 }),
    fromServer({ name: 'webdav_link', type: 'text', maxLength: 4096 }),
    fromServer({ name: 'external_key', type: 'text' }),
    // When the content last changed as its owner sees it (a WebDAV client may set it).
    fromServer({ name: 'modified_at', type: 'text', maxLength: 40 }),
    fromServer({ name: 'thumbnail', type: 'text', maxLength: 40_000 }),
    fromServer({ name: 'thumbnail_of', type: 'text', maxLength: 64 }),
    fromServer({
      name: 'versions',
      type: 'rows',
      rows: [
        { name: 'hash', type: 'text', required: true, maxLength: 64 },
        { name: 'size', type: 'integer', required: true, min: 0 },
        { name: 'at', type: 'text', required: true, maxLength: 40 },
        { name: 'by', type: 'text', maxLength: 80 },
        { name: 'content_type', type: 'text', maxLength: 255 },
      ],
    }),
  ],
  columns: ['name', 'size', 'updated_at', 'starred'],
  search: ['name', 'description'],
  sort: ['name', 'created_at', 'updated_at'],
  defaultSort: { field: 'name', direction: 'asc' },
  titleField: 'name',
  serverFields: FILE_SERVER_FIELDS,
  // Contents go to the byte store through the disk's routes, never into the replicated database.
  attachments: false,
  lookups: ['dir_id'],
  check: (doc, errors, context) => {
    if (doc.name !== undefined && doc.name !== '' && !isFileName(doc.name)) errors.add('name', M.invalid);
    if (typeof doc.dir_id !== 'string') return;
    const parent = context?.records?.get(doc.dir_id);
    // A file or folder sits in a folder other than itself; what is not one (or not there) holds nothing.
    if (doc.dir_id === doc._id || (parent && (parent.klass !== 'CloudFile' || !FOLDER_LIKE.has(String(parent.kind)))))
      errors.add('dir_id', M.invalid);
    else if (context?.records && !parent) errors.add('dir_id', M.notFound);
  },
  transition: (before, after, errors) => {
    const from = String(before.kind);
    const to = String(after.kind);
    if (from !== to && !(KIND_CHANGES[from] ?? []).includes(to)) errors.add('kind', M.invalid);
  },
};

export const RDISK_RESOURCES: readonly ResourceSpec[] = [cloudFiles];
