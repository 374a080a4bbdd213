// Screens read the local replica; this brings it up to date first when the network allows.
// Offline, or when the server cannot be reached, the device's copy is what there is.
import type { RemoteOptions } from './databases.ts';
import { verifySession } from './http-client.ts';
import { holdsReplica } from './replica-registry.ts';
import { serverWrites } from './server-writes.ts';
import { hasSynced, isLiveAndCurrent, syncOnce } from './sync.ts';
import { useSyncStore } from './sync-store.ts';
import { onAccessLost } from './unsent.ts';

/** Server writes already pulled by a one-off sync, per database. */
const pulledWrites = new Map<string, number>();

export async function refreshReplica(name: string, options: RemoteOptions = {}): Promise<void> {
  if (globalThis.navigator?.onLine === false) return;
  // A live sync that caught up lately brings the server's changes as they happen: reading needs
  // no round trip. A failing live sync is not current, so a refusal (403) or an ended session
  // (401) still meets the one-off sync below and its handling.
  // ... unless this page wrote on the server since: then the change may still be on its way.
  const writes = serverWrites();
  if (isLiveAndCurrent(name) && (pulledWrites.get(name) ?? 0) >= writes) return;
  try {
    await syncOnce(name, options);
    pulledWrites.set(name, writes);
  } catch (error) {
    const status = (error as { status?: number }).status;
    // Refused: the user left or was removed. Their copy of the group goes with their access,
    // unless it holds changes not yet sent (those are offered for export first).
    if (status === 403) {
      await onAccessLost(name, error).catch(() => undefined);
      throw error;
    }
    // An ended session: the device's copy is still shown, under the re-login dialog.
    if (status === 401) void verifySession();
  }
}

/**
 * Starts refreshReplica without waiting for it. A copy this device never finished a sync of (a
 * group opened here for the first time) is marked as filling until it ends, well or not, so that
 * the screens drawn meanwhile wait for their records instead of showing a half-filled copy (a
 * group with 10,000 tickets takes seconds). Resolves once the mark is set; `done` settles with the
 * refresh (a refusal rejects it, as refreshReplica does).
 */
export async function startRefresh(name: string, options: RemoteOptions = {}): Promise<{ done: Promise<void> }> {
  // A replica not registered here was never opened: it is filling, known without opening it.
  const filling =
    globalThis.navigator?.onLine !== false && (!holdsReplica(name) || !(await hasSynced(name).catch(() => true)));
  const { update } = useSyncStore.getState();
  if (filling) update(name, { filling: true });
  const done = refreshReplica(name, options).finally(() => {
    if (filling) update(name, { filling: false });
  });
  return { done };
}
