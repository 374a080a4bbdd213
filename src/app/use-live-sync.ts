import { useEffect } from 'react';
import { startLiveSync } from '../data/sync.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { useGroupStore } from '../features/groups/group-store.ts';

/**
 * Live two-way sync for the personal database and the open group, and nothing else (browsers
 * allow about six connections per host). Started after the first paint, so it never delays it.
 */
export function useLiveSync(): void {
  const userId = useSessionStore((s) => (s.status === 'signed-in' ? (s.user?._id ?? null) : null));
  const accountId = useGroupStore((s) => s.accountId);
  useEffect(() => live(userId), [userId]);
  useEffect(() => live(accountId), [accountId]);
}

function live(name: string | null): (() => void) | undefined {
  if (!name) return undefined;
  let handle: ReturnType<typeof startLiveSync> | null = null;
  const timer = setTimeout(() => {
    handle = startLiveSync(name);
  }, 0);
  return () => {
    clearTimeout(timer);
    handle?.cancel();
  };
}
