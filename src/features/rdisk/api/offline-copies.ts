// "Available offline": a file's content kept on this device (src/data/device-files.ts), so it opens
// without a network. A copy is keyed by group, file and the content's hash, so a copy of a content
// the file no longer has is known as such and fetched again when online.
import { dropCopy, keepCopy, keptCopy, keptCopyKeys } from '../../../data/device-files.ts';
import { type DiskFile, fetchContent } from './files.ts';

const keyOf = (db: string, id: string, hash: string) => `${db}/${id}/${hash}`;
const currentHash = (file: DiskFile) => file.versions?.[0]?.hash ?? '';

/** The files of the group kept on this device, with the hash each copy has. */
export async function keptFiles(db: string): Promise<Map<string, string>> {
  const keys = await keptCopyKeys(`${db}/`);
  return new Map(
    keys.map((key) => {
      const [, id = '', hash = ''] = key.split('/');
      return [id, hash] as const;
    }),
  );
}

export async function dropOffline(db: string, id: string): Promise<void> {
  for (const key of await keptCopyKeys(`${db}/${id}/`)) await dropCopy(key);
}

/** Fetches the file's current content and keeps it here, in place of an older copy. */
export async function keepOffline(db: string, file: DiskFile): Promise<void> {
  const blob = await fetchContent(db, file._id);
  await dropOffline(db, file._id);
  await keepCopy({ key: keyOf(db, file._id, currentHash(file)), blob, at: new Date().toISOString() });
}

/** The kept copy's bytes, or null when the device keeps none. */
export async function keptContent(db: string, id: string): Promise<Blob | null> {
  const [key] = await keptCopyKeys(`${db}/${id}/`);
  return key ? ((await keptCopy(key))?.blob ?? null) : null;
}

/** The kept copy of the file's current content, or null (none, or one of an older content). */
export async function keptCurrentContent(db: string, file: DiskFile): Promise<Blob | null> {
  return (await keptCopy(keyOf(db, file._id, currentHash(file))))?.blob ?? null;
}

/** Copies whose file has a newer content since: fetched again (online). */
export async function refreshKept(db: string, files: readonly DiskFile[]): Promise<void> {
  const kept = await keptFiles(db);
  for (const file of files) {
    const hash = kept.get(file._id);
    if (hash !== undefined && hash !== currentHash(file)) await keepOffline(db, file).catch(() => undefined);
  }
}
