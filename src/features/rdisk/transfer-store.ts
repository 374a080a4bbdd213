// Uploads as the disk's screens show them: each file chosen, its bytes sent so far, and whether it
// waits on the device for a network. Files chosen offline (or whose sending the network cut) are
// kept in the device's IndexedDB (src/data/device-files.ts), never in the replicated database, and
// sent when the device is back online, also after the app was closed and opened again.
import { create } from 'zustand';
import { isApiError } from '../../data/api-error.ts';
import { useSyncStore } from '../../data/sync-store.ts';
import { type QueuedUpload, queuedUploads, queueUpload, removeQueuedUpload } from '../../data/device-files.ts';
import { sendThumbnail, sendUpload, uploadTarget } from './api/files.ts';

export interface Transfer {
  id: string;
  db: string;
  name: string;
  dirId: string | null;
  sent: number;
  total: number;
  state: 'sending' | 'waiting' | 'failed';
  error?: unknown;
}

interface TransferState {
  transfers: Record<string, Transfer>;
  put: (transfer: Transfer) => void;
  patch: (id: string, change: Partial<Transfer>) => void;
  drop: (id: string) => void;
}

export const useTransferStore = create<TransferState>()((set) => ({
  transfers: {},
  put: (transfer) => set((s) => ({ transfers: { ...s.transfers, [transfer.id]: transfer } })),
  patch: (id, change) =>
    set((s) => (s.transfers[id] ? { transfers: { ...s.transfers, [id]: { ...s.transfers[id], ...change } } } : s)),
  drop: (id) =>
    set((s) => {
      const { [id]: _gone, ...rest } = s.transfers;
      return { transfers: rest };
    }),
}));

const store = () => useTransferStore.getState();
// The app's own reading of the network (the sync machine's), as every status the person reads.
const online = () => useSyncStore.getState().online;
/** Sending cut by the network (status 0), as opposed to a refusal worth showing. */
const isNetworkFailure = (error: unknown) => isApiError(error) && error.status === 0;
/**
 * The folder made on this device has not reached the server yet (sync sends it apart): the upload
 * waits and is sent again with the next try, as one cut by the network.
 */
const isFolderNotThere = (error: unknown) =>
  isApiError(error) && error.status === 422 && typeof error.reason === 'object' && 'dir_id' in error.reason;

function queued(db: string, file: File, dirId: string | null, thumbnail: string | null): QueuedUpload {
  return {
    id: globalThis.crypto.randomUUID(),
    db,
    ...uploadTarget(db, file.name, dirId),
    blob: file,
    meta: { name: file.name, dirId, ...(thumbnail ? { thumbnail } : {}) },
    addedAt: new Date().toISOString(),
  };
}

function transferOf(upload: QueuedUpload, state: Transfer['state']): Transfer {
  return {
    id: upload.id,
    db: upload.db,
    name: upload.meta.name ?? '',
    dirId: upload.meta.dirId ?? null,
    sent: 0,
    total: upload.blob.size,
    state,
  };
}

/** Sends one upload; one kept on the device leaves it once the server has it. */
async function send(upload: QueuedUpload, kept: boolean): Promise<void> {
  store().put(transferOf(upload, 'sending'));
  try {
    const answer = await sendUpload(upload, upload.blob, (sent, total) => store().patch(upload.id, { sent, total }));
    // The photo is stored: its thumbnail follows at once. Lost (the network went just now), the
    // photo shows an icon instead; it is not worth keeping the upload waiting for it.
    const thumbnail = upload.meta.thumbnail;
    if (thumbnail && answer.version)
      await sendThumbnail(upload.db, answer.id, answer.version.hash, thumbnail).catch(() => undefined);
    if (kept) await removeQueuedUpload(upload.id);
    store().drop(upload.id);
  } catch (error) {
    if (!isNetworkFailure(error) && !(kept && isFolderNotThere(error)))
      return store().patch(upload.id, { state: 'failed', error });
    // The network went while sending: the file waits on the device like one chosen offline.
    if (!kept) await queueUpload(upload);
    store().patch(upload.id, { state: 'waiting', sent: 0 });
  }
}

/**
 * Uploads files into a folder: sent at once when online (a big file is not copied into the device
 * first), kept on the device to be sent later when offline. `keep` keeps them on the device first
 * in any case (photos taken at a customer's: nothing is lost if the app closes while sending);
 * sendWaiting then sends them. `thumbnails` (by file) are sent once their file is stored.
 */
export async function uploadFiles(
  db: string,
  files: readonly File[],
  dirId: string | null,
  { keep = false, thumbnails = [] }: { keep?: boolean; thumbnails?: ReadonlyArray<string | null> } = {},
): Promise<void> {
  for (const [index, file] of files.entries()) {
    const upload = queued(db, file, dirId, thumbnails[index] ?? null);
    if (online() && !keep) await send(upload, false);
    else {
      await queueUpload(upload);
      store().put(transferOf(upload, 'waiting'));
    }
  }
}

const draining = new Set<string>();

/** Sends what waits on the device for the group, one file after the other (once at a time). */
export async function sendWaiting(db: string): Promise<void> {
  if (draining.has(db)) return;
  draining.add(db);
  try {
    for (const upload of await queuedUploads(db)) {
      if (!online()) {
        store().put(transferOf(upload, 'waiting'));
        continue;
      }
      if (store().transfers[upload.id]?.state === 'failed') continue;
      await send(upload, true);
    }
  } finally {
    draining.delete(db);
  }
}

/** Gives up a file that waits or failed: it leaves the device unsent. */
export async function cancelTransfer(id: string): Promise<void> {
  await removeQueuedUpload(id);
  store().drop(id);
}
