// Screens read the local replica; this brings it up to date first when the network allows.
// Offline, or when the server cannot be reached, the device's copy is what there is.
import { destroyLocalDb } from './databases';
import { verifySession } from './http-client';
import { syncOnce } from './sync';

export async function refreshReplica(name: string): Promise<void> {
  if (globalThis.navigator?.onLine === false) return;
  try {
    await syncOnce(name);
  } catch (error) {
    const status = (error as { status?: number }).status;
    // Refused: the user left or was removed. Their copy of the group goes with their access.
    if (status === 403) {
      await destroyLocalDb(name).catch(() => undefined);
      throw error;
    }
    // An ended session: the device's copy is still shown, under the re-login dialog.
    if (status === 401) void verifySession();
  }
}
