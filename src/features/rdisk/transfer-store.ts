// Uploads as the disk's screens show them: each file chosen, its bytes sent so far, and whether it
// waits on the device for a network. Files chosen offline (or whose sending the network cut) are
// kept in the device's IndexedDB (src/data/device-files.ts), never in the replicated database, and
// sent when the device is back online, also after the app was closed and opened again.
import { create } from 'zustand';
import { isApiError } from '../../data/api-error.ts';
import { useSyncStore } from '../../data/sync-store.ts';
import {
  type QueuedUpload,
  queuedAt,
  queuedUploads,
  queueUpload,
  removeQueuedUpload,
} from '../../data/device-files.ts';
import { sendThumbnail, sendUpload, uploadTarget } from './api/files.ts';
import { makeThumbnail } from './resize-photo.ts';

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

function queued(db: string, file: File, dirId: string | null, thumbnail: string | null, photo: boolean): QueuedUpload {
  return {
    id: globalThis.crypto.randomUUID(),
    db,
    ...uploadTarget(db, file.name, dirId),
    blob: file,
    meta: { name: file.name, dirId, ...(thumbnail ? { thumbnail } : {}), ...(photo ? { photo: '1' } : {}) },
    addedAt: queuedAt(),
  };
}

/**
 * What is left of a sent photo whose thumbnail did not reach the server: the thumbnail alone, for
 * the file and content it shows. It takes the photo's place in the queue (one write), so the
 * photo's bytes leave the device and are never sent again; listed nowhere, sent with the rest.
 */
function thumbnailLeft(upload: QueuedUpload, fileId: string, of: string, thumbnail: string): QueuedUpload {
  return {
    ...upload,
    method: 'PUT',
    path: `${upload.path}/${fileId}/thumbnail`,
    query: { of },
    blob: new Blob([]),
    meta: { name: upload.meta.name ?? null, dirId: upload.meta.dirId ?? null, thumbnail, thumbnailFor: fileId, of },
  };
}

const isThumbnailLeft = (upload: QueuedUpload) => Boolean(upload.meta.thumbnailFor);
/** Worth another try later: the network, or the server failing; a refusal (a newer content, a file gone) is final. */
const isPassing = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

/** Sends a thumbnail left on the device; it leaves the device once sent or refused. */
async function sendThumbnailLeft(upload: QueuedUpload): Promise<void> {
  const { thumbnailFor, of, thumbnail } = upload.meta;
  try {
    await sendThumbnail(upload.db, thumbnailFor!, of!, thumbnail!);
  } catch (error) {
    if (isPassing(error)) return;
  }
  await removeQueuedUpload(upload.id);
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
    // A photo whose thumbnail could not be made when it was taken (the device short of memory, a
    // picture still being written) is tried once more while its bytes are at hand.
    const thumbnail =
      upload.meta.thumbnail ?? (upload.meta.photo ? await makeThumbnail(asFile(upload)).catch(() => null) : null);
    // The queue's id names the upload to the server: sent again after an answer that never came
    // back (the app closed, the network went), it is answered with what the first sending stored.
    // With a thumbnail of its own to send, the server waits for it instead of making one.
    const target = {
      ...upload,
      query: { ...upload.query, upload: upload.id, ...(thumbnail ? { thumbnail: 'device' } : {}) },
    };
    const answer = await sendUpload(target, upload.blob, (sent, total) => store().patch(upload.id, { sent, total }));
    // The photo is stored: its thumbnail follows at once. Lost (the network went just now), it
    // stays on the device in the photo's place and is sent with the next try; the card shows a
    // placeholder meanwhile.
    const stored = answer.version;
    const lost =
      thumbnail && stored
        ? await sendThumbnail(upload.db, answer.id, stored.hash, thumbnail).then(() => false, isPassing)
        : false;
    if (lost) await queueUpload(thumbnailLeft(upload, answer.id, stored!.hash, thumbnail!));
    else if (kept) await removeQueuedUpload(upload.id);
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
  {
    keep = false,
    thumbnails,
  }: {
    keep?: boolean;
    /** By file: each a photo whose thumbnail, if null here, is tried again when it is sent. */
    thumbnails?: ReadonlyArray<string | null>;
  } = {},
): Promise<void> {
  for (const [index, file] of files.entries()) {
    const upload = queued(db, file, dirId, thumbnails?.[index] ?? null, thumbnails !== undefined);
    if (online() && !keep) await send(upload, false);
    else {
      await queueUpload(upload);
      store().put(transferOf(upload, 'waiting'));
    }
  }
}

function asFile(upload: QueuedUpload): File {
  return upload.blob instanceof File
    ? upload.blob
    : new File([upload.blob], upload.meta.name ?? 'photo', { type: upload.blob.type });
}

const draining = new Set<string>();

/**
 * Runs `work` while no other tab of this device runs work under the same name (the Web Locks
 * API; where a browser lacks it, as the test environment does, it just runs): every open tab of a
 * group sends what waits, and two tabs reading the queue at once would each send the same file.
 * The server answers a repeat of a sending it has stored, not one still on its way.
 */
function acrossTabs(name: string, work: () => Promise<void>): Promise<void> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(name, work) : work();
}

/** Groups asked for again while their queue was being sent: it is read again once that ends. */
const askedAgain = new Set<string>();

/**
 * Sends what waits on the device for the group, one file after the other: once at a time in this
 * tab and across tabs. Asked while sending (a photo taken meanwhile), it reads the queue again
 * when done and sends what it has not tried yet, so nothing queued waits for the next sync (and
 * a file that could not go is not tried twice because two screens asked at once).
 */
export async function sendWaiting(db: string): Promise<void> {
  if (draining.has(db)) {
    askedAgain.add(db);
    return;
  }
  draining.add(db);
  const tried = new Set<string>();
  try {
    do {
      askedAgain.delete(db);
      await acrossTabs(`moneta-uploads-${db}`, () => drain(db, tried));
    } while (askedAgain.has(db));
  } finally {
    draining.delete(db);
  }
}

async function drain(db: string, tried: Set<string>): Promise<void> {
  // Read once the lock is held: what another tab sent meanwhile has left the queue.
  for (const upload of await queuedUploads(db)) {
    if (tried.has(upload.id)) continue;
    if (!online()) {
      if (!isThumbnailLeft(upload)) store().put(transferOf(upload, 'waiting'));
      continue;
    }
    tried.add(upload.id);
    if (isThumbnailLeft(upload)) await sendThumbnailLeft(upload);
    else if (store().transfers[upload.id]?.state !== 'failed') await send(upload, true);
  }
}

/** Gives up a file that waits or failed: it leaves the device unsent. */
export async function cancelTransfer(id: string): Promise<void> {
  await removeQueuedUpload(id);
  store().drop(id);
}
