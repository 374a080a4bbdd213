// A group shown by the app, for a component test: what the group store holds once the group's
// record and settings have been read (the server's answer or the device's copy).
import { act } from '@testing-library/react';
import { DEFAULT_GROUP_SETTINGS } from '../../src/domain/groups.ts';
import { toAccount } from '../../src/features/groups/api/get-account.ts';
import { useGroupStore } from '../../src/features/groups/group-store.ts';

/** Shows group `accountId` (a Moneta group unless `settings` says), its record with `record`'s fields. */
export function openGroup(accountId: string, settings: Record<string, string>, record: Record<string, unknown> = {}) {
  const all = { ...DEFAULT_GROUP_SETTINGS, kind: 'moneta', ...settings };
  useGroupStore.setState({
    accountId,
    account: toAccount({ ...all, _id: accountId, ...record }),
    settings: all,
    status: 'ready',
    error: null,
  });
}

/** No group shown, as before any was opened. */
export function closeGroup() {
  act(() => useGroupStore.setState({ accountId: null, account: null, settings: null, status: 'idle' }));
}
