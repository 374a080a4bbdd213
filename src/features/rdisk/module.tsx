// The disk's screens as the app composes them (see FeatureModule): the disk itself is its page
// (pages/disk-index.tsx); it adds nothing to the generic lists or the dashboard. While a group
// using the disk is open, what waits on the device is sent from whatever page the person is on.
import { useEffect } from 'react';
import type { FeatureModule } from '../../components/resource/module-parts.tsx';
import { queuedUploads } from '../../data/device-files.ts';
import { whenIdle } from '../../data/idle.ts';
import { useSyncStore } from '../../data/sync-store.ts';

/**
 * Sends the uploads waiting on the device when there is a network, and again after each sync (a
 * record's folder made offline reaches the server with sync). Photos taken at a customer's, or a
 * photo whose thumbnail was on its way when the person opened the receipt, are not left until
 * the disk or the record is opened again. The sending code loads only when something waits.
 */
function SendWaitingUploads({ accountId }: { accountId: string }) {
  const online = useSyncStore((s) => s.online);
  const synced = useSyncStore((s) => s.databases[accountId]?.lastSyncAt ?? null);
  useEffect(() => {
    if (!online) return;
    let open = true;
    // Once the page is drawn: the queue's database is not opened beside a launch's first screen.
    void whenIdle()
      .then(() => (open ? queuedUploads(accountId) : []))
      .then(async (waiting) => {
        if (waiting.length === 0) return;
        const { sendWaiting } = await import('./transfer-store.ts');
        await sendWaiting(accountId);
      })
      // A device whose storage cannot be read has nothing to send; its screens say why.
      .catch(() => undefined);
    return () => {
      open = false;
    };
  }, [accountId, online, synced]);
  return null;
}

const rdiskModule: FeatureModule = { kind: 'rdisk', GroupEffect: SendWaitingUploads };

export default rdiskModule;
