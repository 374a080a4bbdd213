// The folder tree as the disk's screens walk it, from the group's file records as the device holds
// them: what a folder lists (folders first), the way up to the root, where a file or folder may be
// moved, and what waits in the bin. Pure: the records are passed in.
import { FOLDER_LIKE, LIVE_KINDS } from './records.ts';

export interface FileRecord {
  _id: string;
  name?: string;
  kind?: string;
  dir_id?: string | null;
  size?: number;
  starred?: boolean;
  color?: string;
  modified_at?: string;
  updated_at?: string;
  created_at?: string;
}

export const FILE_SORTS = ['name', 'size', 'date'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

export const isFolderRecord = (doc: Pick<FileRecord, 'kind'>) => FOLDER_LIKE.has(String(doc.kind));
const isLive = (doc: Pick<FileRecord, 'kind'>) => LIVE_KINDS.has(String(doc.kind));
const parentOf = (doc: FileRecord) => (typeof doc.dir_id === 'string' && doc.dir_id ? doc.dir_id : null);

/** When its content last changed as people see it: the time a client set, else the record's. */
export const modifiedAt = (doc: FileRecord) => doc.modified_at ?? doc.updated_at ?? doc.created_at ?? '';

const byName = (a: FileRecord, b: FileRecord) =>
  String(a.name ?? '').localeCompare(String(b.name ?? ''), undefined, { numeric: true, sensitivity: 'base' });

const COMPARE: Record<FileSort, (a: FileRecord, b: FileRecord) => number> = {
  name: byName,
  size: (a, b) => (a.size ?? 0) - (b.size ?? 0) || byName(a, b),
  date: (a, b) => modifiedAt(a).localeCompare(modifiedAt(b)) || byName(a, b),
};

/**
 * What a folder (null: the root) shows: its live folders, then its live files, each sorted. A
 * folder's size is not its contents' (the device does not add them up), so folders sort by name
 * when files sort by size.
 */
export function folderListing(
  records: readonly FileRecord[],
  dirId: string | null,
  sort: FileSort = 'name',
  descending = false,
): { folders: FileRecord[]; files: FileRecord[] } {
  const here = records.filter((doc) => parentOf(doc) === dirId && isLive(doc));
  const sign = descending ? -1 : 1;
  const sorted = (docs: FileRecord[], compare: (a: FileRecord, b: FileRecord) => number) =>
    docs.sort((a, b) => sign * compare(a, b));
  return {
    folders: sorted(here.filter(isFolderRecord), sort === 'size' ? byName : COMPARE[sort]),
    files: sorted(
      here.filter((doc) => !isFolderRecord(doc)),
      COMPARE[sort],
    ),
  };
}

/**
 * The folders from the root down to `dirId`, itself included; null when it is not a live folder
 * reachable from the root (deleted, or under a deleted folder, or gone), so the screen can say so.
 */
export function pathTo(records: readonly FileRecord[], dirId: string | null): FileRecord[] | null {
  if (dirId === null) return [];
  const byId = new Map(records.map((doc) => [doc._id, doc]));
  const path: FileRecord[] = [];
  const seen = new Set<string>();
  for (let id: string | null = dirId; id !== null;) {
    const doc = byId.get(id);
    // A cycle (two devices moving folders into each other offline) is no path either.
    if (!doc || !isFolderRecord(doc) || !isLive(doc) || seen.has(id)) return null;
    seen.add(id);
    path.unshift(doc);
    id = parentOf(doc);
  }
  return path;
}

/**
 * Whether `moving` may go into the folder `target` (null: the root): never into itself or a folder
 * it holds, however deep (the folder would leave the tree), and only into a live folder.
 */
export function canMoveInto(records: readonly FileRecord[], moving: FileRecord, target: string | null): boolean {
  if (target === null) return true;
  const path = pathTo(records, target);
  return path !== null && !path.some((folder) => folder._id === moving._id);
}

/** What waits in the bin: deleted files and folders, newest deletion first. */
export function binListing(records: readonly FileRecord[]): FileRecord[] {
  return records
    .filter((doc) => doc.kind === 'file_deleted' || doc.kind === 'dir_deleted')
    .sort((a, b) => String(b.updated_at ?? '').localeCompare(String(a.updated_at ?? '')) || byName(a, b));
}

/** The kind a record takes when deleted to the bin, or restored from it. */
export function binnedKind(kind: string | undefined): string {
  return FOLDER_LIKE.has(String(kind)) ? 'dir_deleted' : 'file_deleted';
}
export function restoredKind(kind: string | undefined): string {
  return kind === 'dir_deleted' ? 'dir' : 'file';
}

/** A name not yet taken in a folder: `name`, else `name (2)`, `name (3)`… before the extension. */
export function freeName(records: readonly FileRecord[], dirId: string | null, name: string): string {
  const taken = new Set(
    records
      .filter((doc) => parentOf(doc) === dirId && isLive(doc))
      .map((doc) => String(doc.name ?? '').toLocaleLowerCase()),
  );
  if (!taken.has(name.toLocaleLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** A record's folder, if it exists yet: the live folder at `names` from the root (`Tickets/3-17`). */
export function folderAtPath(records: readonly FileRecord[], names: readonly string[]): string | null {
  let dirId: string | null = null;
  for (const name of names) {
    const next: string | undefined = folderListing(records, dirId).folders.find((doc) => doc.name === name)?._id;
    if (!next) return null;
    dirId = next;
  }
  return dirId && pathTo(records, dirId) ? dirId : null;
}

/** The live folder named `name` (case aside) in the folder `dirId`, if there is one. */
export function folderNamed(records: readonly FileRecord[], dirId: string | null, name: string): FileRecord | null {
  const wanted = name.toLocaleLowerCase();
  return (
    records.find(
      (doc) =>
        parentOf(doc) === dirId &&
        isFolderRecord(doc) &&
        isLive(doc) &&
        String(doc.name ?? '').toLocaleLowerCase() === wanted,
    ) ?? null
  );
}

/**
 * A photo's size on the device before it is queued: its longer side at most `max` pixels, the
 * proportions kept, never enlarged (a 12-megapixel 4000×3000 photo becomes 2048×1536).
 */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
