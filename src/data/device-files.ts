// Files kept on this device, outside the replicated databases (a file's bytes never ride in a
// replica): uploads chosen while offline, waiting to be sent, and copies of contents a person
// asked to have without a network. One IndexedDB database, two stores. Bytes are stored as an
// ArrayBuffer with their type rather than as a Blob: every engine clones a buffer alike, while
// Blobs in IndexedDB have failed in some (older WebKit; the test environment's fake as well).
// Removed with everything else on a logout that clears the device (databases.ts).
import { DEVICE_FILES_DB } from './databases.ts';
const QUEUE = 'queue';
const COPIES = 'copies';

/** An upload waiting on the device: where it goes, its bytes, and what a screen shows of it. */
export interface QueuedUpload {
  id: string;
  /** The group's database. */
  db: string;
  method: 'POST' | 'PUT';
  path: string;
  query: Record<string, string | undefined>;
  blob: Blob;
  /** What the screen that queued it needs to list it (a name, a folder). */
  meta: Record<string, string | null>;
  /** When it was chosen (queuedAt()): the order in which the queue is listed and sent. */
  addedAt: string;
}

export interface KeptCopy {
  key: string;
  blob: Blob;
  at: string;
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DEVICE_FILES_DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(QUEUE, { keyPath: 'id' });
      request.result.createObjectStore(COPIES, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Deleted on logout: let it go, and open afresh next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB'));
    };
  });
  return opening;
}

async function run<T>(store: string, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = act(tx.objectStore(store));
    // Resolved once the transaction is durable, not when the request answers.
    tx.oncomplete = () => resolve(request.result as T);
    tx.onerror = tx.onabort = () => reject(tx.error ?? request.error ?? new Error('IndexedDB'));
  });
}

type Stored<T> = Omit<T, 'blob'> & { bytes: ArrayBuffer; type: string };

async function stored<T extends { blob: Blob }>(value: T): Promise<Stored<T>> {
  const { blob, ...rest } = value;
  return { ...rest, bytes: await blob.arrayBuffer(), type: blob.type };
}

function unstored<T extends { blob: Blob }>(value: Stored<T>): T {
  const { bytes, type, ...rest } = value;
  return { ...rest, blob: new Blob([bytes], { type }) } as unknown as T;
}

let lastQueued = 0;
/**
 * Now, as an upload's `addedAt`: later than any this page gave before, so that files chosen
 * together (one pick, the same millisecond) keep the order in which they were chosen instead of
 * the random order of their ids.
 */
export function queuedAt(): string {
  lastQueued = Math.max(Date.now(), lastQueued + 1);
  return new Date(lastQueued).toISOString();
}

export async function queueUpload(upload: QueuedUpload): Promise<void> {
  const value = await stored(upload);
  await run<unknown>(QUEUE, 'readwrite', (s) => s.put(value));
}
export const removeQueuedUpload = (id: string) => run<unknown>(QUEUE, 'readwrite', (s) => s.delete(id));
export async function queuedUploads(db: string): Promise<QueuedUpload[]> {
  const all = await run<Stored<QueuedUpload>[]>(QUEUE, 'readonly', (s) => s.getAll());
  return all
    .filter((upload) => upload.db === db)
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt))
    .map((upload) => unstored<QueuedUpload>(upload));
}

export async function keepCopy(copy: KeptCopy): Promise<void> {
  const value = await stored(copy);
  await run<unknown>(COPIES, 'readwrite', (s) => s.put(value));
}
export const dropCopy = (key: string) => run<unknown>(COPIES, 'readwrite', (s) => s.delete(key));
export async function keptCopy(key: string): Promise<KeptCopy | null> {
  const found = await run<Stored<KeptCopy> | undefined>(COPIES, 'readonly', (s) => s.get(key));
  return found ? unstored<KeptCopy>(found) : null;
}
/** The keys of the copies kept, those starting with `prefix` (a group's). */
export async function keptCopyKeys(prefix: string): Promise<string[]> {
  const keys = await run<IDBValidKey[]>(COPIES, 'readonly', (s) => s.getAllKeys());
  return keys.map(String).filter((key) => key.startsWith(prefix));
}
