import { useEffect, useState } from 'react';
import { whenIdle } from '../data/idle.ts';
import { startLiveSync } from '../data/sync.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { useGroupStore } from '../features/groups/group-store.ts';

/**
 * Live two-way sync for the personal database and the open group, and nothing else (browsers
 * allow about six connections per host). Started once the browser is idle after the first
 * screen, so it never delays it.
 */
export function useLiveSync(): void {
  const userId = useSessionStore((s) => (s.status === 'signed-in' ? (s.user?._id ?? null) : null));
  // The first group page shows first (its records come from the device), then sync starts and
  // runs on: opening another group later holds nothing back.
  const opening = useGroupStore((s) => s.status === 'loading');
  const [held, setHeld] = useState(true);
  if (held && !opening) setHeld(false);
  const accountId = useGroupStore((s) => s.accountId);
  useEffect(() => (held ? undefined : live(userId)), [userId, held]);
  useEffect(() => (held ? undefined : live(accountId)), [accountId, held]);
}

function live(name: string | null): (() => void) | undefined {
  if (!name) return undefined;
  let handle: ReturnType<typeof startLiveSync> | null = null;
  let cancelled = false;
  void whenIdle().then(() => {
    if (!cancelled) handle = startLiveSync(name);
  });
  return () => {
    cancelled = true;
    handle?.cancel();
  };
}
