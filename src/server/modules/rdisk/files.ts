// A group's disk as the server reads and writes it: the file records (`fle-…`) as a tree, and every
// change the server makes to them (a new version, a restore, a folder, a move, a copy, the bin,
// WebDAV's dead properties). The `/api` calls (routes.ts) and WebDAV (webdav.ts) both go through
// here, so a change made either way is a record write the devices replicate like any other.
import { newId } from '../../../domain/ids.ts';
import {
  cloudFiles,
  currentThumbnail,
  FILE_LIKE,
  type FileVersion,
  FOLDER_LIKE,
  isFileName,
  LIVE_KINDS,
  maxVersionsOf,
} from '../../../domain/modules/rdisk/records.ts';
import { stampRecord, validateRecord } from '../../../domain/records/schema.ts';
import type { AppContext } from '../../context.ts';
import { HttpError, unprocessable } from '../../http/http-error.ts';
import type { StoredContent } from '../../services/byte-store.ts';
import type { CouchDoc } from '../../store/couch-client.ts';

export interface FileDoc extends CouchDoc {
  klass: 'CloudFile';
  name: string;
  kind: string;
  dir_id?: string;
  size?: number;
  versions?: FileVersion[];
  max_versions?: number;
  modified_at?: string;
  /** WebDAV dead properties: `{namespace}name` → the property element's XML. */
  dav_props?: Record<string, string>;
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

export const isFolder = (doc: FileDoc) => FOLDER_LIKE.has(doc.kind);
export const isFile = (doc: FileDoc) => FILE_LIKE.has(doc.kind);

/** Groups whose records this instance read last, by server: kept while the group's update sequence stays. */
const READ_FILES = new WeakMap<AppContext, Map<string, { seq: string; docs: readonly FileDoc[] }>>();
const CACHED_GROUPS = 64;

/**
 * Every disk record of the group (the `fle-` range of the primary index). A WebDAV client sends
 * a request per file; the records are read again only when the group's update sequence moved
 * (one small request), so every change, from any instance or device, is seen by the next request.
 * The records answered are shared: never changed in place.
 */
export async function readFiles(ctx: AppContext, db: string): Promise<readonly FileDoc[]> {
  const info = await ctx.store.request<{ update_seq?: unknown }>(`/${encodeURIComponent(db)}`);
  const seq = JSON.stringify(info?.update_seq ?? null);
  const cache = READ_FILES.get(ctx) ?? new Map<string, { seq: string; docs: readonly FileDoc[] }>();
  READ_FILES.set(ctx, cache);
  const hit = cache.get(db);
  if (hit && hit.seq === seq) return hit.docs;
  const docs = (await ctx.store.docsWithPrefix<FileDoc>(db, 'fle-')).filter((d) => d.klass === 'CloudFile');
  cache.delete(db);
  cache.set(db, { seq, docs });
  if (cache.size > CACHED_GROUPS) cache.delete(cache.keys().next().value!);
  return docs;
}

/**
 * The live tree: what the disk screen and WebDAV show. Records in the bin, and whatever sits in a
 * folder in the bin (or a folder that is gone), are out of it. Two live records of one name in one
 * folder (written apart on two devices offline) both stay records; the path names the older one.
 */
export class FileTree {
  private readonly byId = new Map<string, FileDoc>();
  private readonly children = new Map<string, FileDoc[]>();

  constructor(docs: readonly FileDoc[]) {
    for (const doc of docs) this.byId.set(doc._id, doc);
    for (const doc of docs) {
      if (!LIVE_KINDS.has(doc.kind)) continue;
      const parent = doc.dir_id ?? '';
      if (parent && !this.byId.has(parent)) continue;
      const list = this.children.get(parent) ?? [];
      list.push(doc);
      this.children.set(parent, list);
    }
    for (const list of this.children.values())
      list.sort(
        (a, b) => String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) || a._id.localeCompare(b._id),
      );
  }

  get(id: string): FileDoc | null {
    return this.byId.get(id) ?? null;
  }

  /** The live entries of a folder (`null`: the root), one per name. */
  list(dirId: string | null): FileDoc[] {
    const seen = new Set<string>();
    return (this.children.get(dirId ?? '') ?? []).filter((doc) => {
      if (seen.has(doc.name)) return false;
      seen.add(doc.name);
      return true;
    });
  }

  child(dirId: string | null, name: string): FileDoc | null {
    return (this.children.get(dirId ?? '') ?? []).find((doc) => doc.name === name) ?? null;
  }

  /** The record at these path segments; null for the root itself, undefined when nothing is there. */
  resolve(segments: readonly string[]): FileDoc | null | undefined {
    let current: FileDoc | null = null;
    for (const name of segments) {
      if (current && !isFolder(current)) return undefined;
      const next = this.child(current?._id ?? null, name);
      if (!next) return undefined;
      current = next;
    }
    return current;
  }

  /** Its path segments from the root, or null when it is not in the live tree (in the bin, or under it). */
  pathOf(doc: FileDoc): string[] | null {
    const segments: string[] = [];
    const visited = new Set<string>();
    for (let at: FileDoc | undefined = doc; at; at = at.dir_id ? this.byId.get(at.dir_id) : undefined) {
      // A cycle written by two devices moving folders into each other offline leaves the tree.
      if (visited.has(at._id) || !LIVE_KINDS.has(at.kind)) return null;
      visited.add(at._id);
      if (this.child(at.dir_id ?? null, at.name)?._id !== at._id) return null;
      segments.unshift(at.name);
      if (at.dir_id && !this.byId.has(at.dir_id)) return null;
    }
    return segments;
  }

  /** Whether `ancestor` is `doc` or holds it, however deep. */
  within(doc: FileDoc, ancestor: FileDoc): boolean {
    const visited = new Set<string>();
    for (
      let at: FileDoc | undefined = doc;
      at && !visited.has(at._id);
      at = at.dir_id ? this.byId.get(at.dir_id) : undefined
    ) {
      if (at._id === ancestor._id) return true;
      visited.add(at._id);
    }
    return false;
  }
}

/** The person a server write is stamped with. */
export interface Author {
  userId: string;
}

function checked(doc: FileDoc): FileDoc {
  const errors = validateRecord(cloudFiles, doc);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  return doc;
}

async function save(ctx: AppContext, db: string, doc: FileDoc, author: Author): Promise<FileDoc> {
  const stamped = stampRecord(checked(doc), author.userId, ctx.now()) as FileDoc;
  const ref = await ctx.store.put(db, stamped);
  return { ...stamped, _rev: ref.rev };
}

/** Changes a stored record, read again and changed again when another writer came first. */
async function change(
  ctx: AppContext,
  db: string,
  id: string,
  author: Author,
  edit: (doc: FileDoc) => FileDoc,
  known?: FileDoc,
): Promise<FileDoc> {
  let written: FileDoc | null = null;
  await ctx.store.update<FileDoc>(
    db,
    id,
    (current) => {
      if (!current || current._deleted) throw new HttpError(404, 'Not found');
      written = stampRecord(checked(edit(current)), author.userId, ctx.now()) as FileDoc;
      return written;
    },
    known ? { known } : {},
  );
  const stored = await ctx.store.get<FileDoc>(db, id);
  return stored ?? written!;
}

/** The versions after `version` becomes the current one: newest first, as many as the file keeps. */
export function withVersion(doc: FileDoc, version: FileVersion): FileDoc {
  const versions = [version, ...(doc.versions ?? [])].slice(0, maxVersionsOf(doc));
  return { ...doc, versions, size: version.size, modified_at: version.at };
}

export function currentVersion(doc: FileDoc): FileVersion | null {
  return doc.versions?.[0] ?? null;
}

/** What a new content says of itself beyond its bytes: its type, and the device's name for the upload. */
export interface ContentAbout {
  contentType?: string;
  /** The upload's key (`?upload=`), kept on the version so a sending repeated is known (routes.ts). */
  upload?: string;
}

function versionOf(content: StoredContent, author: Author, at: Date, about: ContentAbout): FileVersion {
  return {
    hash: content.hash,
    size: content.size,
    at: at.toISOString(),
    by: author.userId,
    ...(about.contentType ? { content_type: about.contentType.slice(0, 255) } : {}),
    ...(about.upload ? { upload: about.upload } : {}),
  };
}

/** A new content for an existing file: it becomes the current version, the oldest past the limit go. */
export function addVersion(
  ctx: AppContext,
  db: string,
  file: FileDoc,
  content: StoredContent,
  author: Author,
  about: ContentAbout = {},
): Promise<FileDoc> {
  const version = versionOf(content, author, ctx.now(), about);
  return change(ctx, db, file._id, author, (doc) => {
    if (!isFile(doc)) throw new HttpError(409, 'Not a file');
    return withVersion(doc, version);
  });
}

/** A new file in `dirId` (null: the root) with its first content. */
export function createFile(
  ctx: AppContext,
  db: string,
  dirId: string | null,
  name: string,
  content: StoredContent,
  author: Author,
  about: ContentAbout = {},
): Promise<FileDoc> {
  const doc: FileDoc = {
    _id: newId('CloudFile'),
    klass: 'CloudFile',
    name,
    kind: 'file',
    starred: false,
    ...(dirId ? { dir_id: dirId } : {}),
  };
  return save(ctx, db, withVersion(doc, versionOf(content, author, ctx.now(), about)), author);
}

export function createFolder(
  ctx: AppContext,
  db: string,
  dirId: string | null,
  name: string,
  author: Author,
): Promise<FileDoc> {
  if (!isFileName(name)) throw unprocessable({ name: ['is invalid'] });
  return save(
    ctx,
    db,
    {
      _id: newId('CloudFile'),
      klass: 'CloudFile',
      name,
      kind: 'dir',
      starred: false,
      ...(dirId ? { dir_id: dirId } : {}),
    },
    author,
  );
}

/** A former version made current again: a new version with its content, so nothing is lost. */
export function restoreVersion(
  ctx: AppContext,
  db: string,
  file: FileDoc,
  hash: string,
  author: Author,
): Promise<FileDoc> {
  return change(ctx, db, file._id, author, (doc) => {
    const old = doc.versions?.find((v) => v.hash === hash);
    if (!old) throw new HttpError(404, 'Not found');
    const { content_type } = old;
    return withVersion(doc, {
      hash,
      size: old.size,
      at: ctx.now().toISOString(),
      by: author.userId,
      ...(content_type ? { content_type } : {}),
    });
  });
}

/** To the bin (file_deleted, dir_deleted): restorable from the disk screen. */
export function moveToBin(ctx: AppContext, db: string, doc: FileDoc, author: Author): Promise<FileDoc> {
  return change(ctx, db, doc._id, author, (current) => ({
    ...current,
    kind: isFolder(current) ? 'dir_deleted' : 'file_deleted',
  }));
}

export function moveFile(
  ctx: AppContext,
  db: string,
  doc: FileDoc,
  dirId: string | null,
  name: string,
  author: Author,
): Promise<FileDoc> {
  return change(ctx, db, doc._id, author, (current) => {
    const next: FileDoc = { ...current, name };
    if (dirId) next.dir_id = dirId;
    else delete next.dir_id;
    return next;
  });
}

/**
 * The thumbnail a device made of the file's current content (`of`, its hash); 409 when the file
 * has another content by now (the thumbnail would show what the file no longer holds).
 */
export function setThumbnail(
  ctx: AppContext,
  db: string,
  doc: FileDoc,
  of: string,
  thumbnail: string,
  author: Author,
): Promise<FileDoc> {
  return change(ctx, db, doc._id, author, (current) => {
    if (currentVersion(current)?.hash !== of) throw new HttpError(409, 'The file has another content now');
    return { ...current, thumbnail, thumbnail_of: of };
  });
}

/** A copy of `doc` (and, for a folder, of what it holds when `deep`): new records naming the same contents. */
export async function copyFile(
  ctx: AppContext,
  db: string,
  tree: FileTree,
  doc: FileDoc,
  dirId: string | null,
  name: string,
  deep: boolean,
  author: Author,
): Promise<FileDoc> {
  const thumbnail = currentThumbnail(doc);
  const copy: FileDoc = {
    _id: newId('CloudFile'),
    klass: 'CloudFile',
    name,
    kind: doc.kind,
    starred: false,
    ...(dirId ? { dir_id: dirId } : {}),
    ...(doc.versions ? { versions: doc.versions.slice(0, 1), size: doc.size ?? 0 } : {}),
    ...(doc.modified_at ? { modified_at: doc.modified_at } : {}),
    ...(doc.dav_props ? { dav_props: doc.dav_props } : {}),
    ...(doc.description ? { description: doc.description } : {}),
    // The same content: its thumbnail too.
    ...(thumbnail ? { thumbnail, thumbnail_of: doc.thumbnail_of } : {}),
  };
  const saved = await save(ctx, db, copy, author);
  if (deep && isFolder(doc))
    for (const child of tree.list(doc._id)) await copyFile(ctx, db, tree, child, saved._id, child.name, true, author);
  return saved;
}

/** Sets and removes WebDAV dead properties (`set`: name → XML, `remove`: names). */
export function patchProps(
  ctx: AppContext,
  db: string,
  doc: FileDoc,
  set: ReadonlyMap<string, string>,
  remove: readonly string[],
  modifiedAt: string | null,
  author: Author,
): Promise<FileDoc> {
  return change(ctx, db, doc._id, author, (current) => {
    const props = { ...current.dav_props };
    for (const name of remove) delete props[name];
    for (const [name, xml] of set) props[name] = xml;
    const next: FileDoc = { ...current, dav_props: props };
    if (Object.keys(props).length === 0) delete next.dav_props;
    if (modifiedAt) next.modified_at = modifiedAt;
    return next;
  });
}
