// The disk's records on the group's replica (browsed offline), the changes people make to them
// (saved on the device, synced later), and the calls that need the server: contents up and down,
// a version restored.
import { type ResourceEnv, writeOptions } from '../../../components/resource/resource-env.ts';
import { downloadBytes, uploadBytes } from '../../../data/byte-transfer.ts';
import { request } from '../../../data/http-client.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { listFew } from '../../../data/records.ts';
import { updateRecord, writeRecord } from '../../../data/resource-writes.ts';
import { memoBySeq } from '../../../data/seq-memo.ts';
import { newId } from '../../../domain/ids.ts';
import { cloudFiles, type FileVersion } from '../../../domain/modules/rdisk/records.ts';
import { folderNamed, type FileRecord } from '../../../domain/modules/rdisk/tree.ts';

export interface DiskFile extends PouchDoc, FileRecord {
  description?: string;
  max_versions?: number;
  versions?: FileVersion[];
  updated_by?: string;
}

/** Every file and folder of the group, as this device holds them (read once per replica state). */
export function readFiles(db: string): Promise<DiskFile[]> {
  return memoBySeq(db, 'disk:files', () => listFew<DiskFile>(db, 'CloudFile'));
}

export function createFolder(env: ResourceEnv, name: string, dirId: string | null) {
  const doc: PouchDoc = { _id: newId('CloudFile'), name, kind: 'dir', starred: false };
  if (dirId) doc.dir_id = dirId;
  return writeRecord(env.accountId, cloudFiles, doc, writeOptions(env));
}

const folderMaking = new Map<string, Promise<string | null>>();

/**
 * The folder at `names` from the root (`Tickets/3-17`), its missing folders made on the device
 * (offline too: they sync like any record, and uploads into them wait until they have).
 */
export function ensureFolderPath(env: ResourceEnv, names: readonly string[]): Promise<string | null> {
  // One at a time per group: two photos taken at once would each find no folder and each make one.
  const previous = folderMaking.get(env.accountId) ?? Promise.resolve(null);
  const next = previous.catch(() => null).then(() => makeFolderPath(env, names));
  folderMaking.set(env.accountId, next);
  const forget = () => {
    if (folderMaking.get(env.accountId) === next) folderMaking.delete(env.accountId);
  };
  next.then(forget, forget);
  return next;
}

async function makeFolderPath(env: ResourceEnv, names: readonly string[]): Promise<string | null> {
  let dirId: string | null = null;
  for (const name of names) {
    const found = folderNamed(await readFiles(env.accountId), dirId, name);
    dirId = found ? found._id : (await createFolder(env, name, dirId))._id;
  }
  return dirId;
}

/** Applies `change` to the record as the device holds it now (rename, star, move, bin…). */
export function changeFile(env: ResourceEnv, id: string, change: (doc: DiskFile) => Partial<DiskFile>) {
  return updateRecord(
    env.accountId,
    cloudFiles,
    id,
    (doc) => {
      const next: PouchDoc = { ...doc, ...change(doc as DiskFile) };
      // The root is no folder: a file moved there names none.
      if (next.dir_id === null) delete next.dir_id;
      return next;
    },
    writeOptions(env),
  );
}

const base = (db: string) => `/api/groups/${db}/disk/files`;

export interface UploadAnswer {
  ok: boolean;
  id: string;
  rev: string;
  version?: FileVersion;
}

/** The upload call: a new file named so in the folder, or a new version of the file of that name. */
export function uploadTarget(db: string, name: string, dirId: string | null) {
  return { method: 'POST' as const, path: base(db), query: { name, dir_id: dirId ?? undefined } };
}

export function sendUpload(
  target: { method: 'POST' | 'PUT'; path: string; query: Record<string, string | undefined> },
  blob: Blob,
  onProgress: (sent: number, total: number) => void,
) {
  return uploadBytes<UploadAnswer>(target.method, target.path, blob, { query: target.query, onProgress });
}

/** Sends the thumbnail made of the content `of` (its hash), once the server holds that content. */
export function sendThumbnail(db: string, id: string, of: string, dataUrl: string) {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const blob = new Blob([bytes], { type: 'image/jpeg' });
  return uploadBytes<{ ok: boolean }>('PUT', `${base(db)}/${id}/thumbnail`, blob, { query: { of } });
}

/** Where a file's content (or one kept version of it) is downloaded from. */
export function contentUrl(db: string, id: string, hash?: string): string {
  return `${base(db)}/${id}/content${hash ? `?version=${encodeURIComponent(hash)}` : ''}`;
}

export function fetchContent(db: string, id: string, hash?: string): Promise<Blob> {
  return downloadBytes(`${base(db)}/${id}/content`, { version: hash });
}

/** That version's content becomes the file's current one, as a new version (nothing is lost). */
export function restoreVersion(db: string, id: string, hash: string) {
  return request<{ ok: boolean }>('POST', `${base(db)}/${id}/versions/${encodeURIComponent(hash)}/restore`);
}
