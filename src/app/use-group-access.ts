import { useParams } from 'react-router';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { useCurrentGroup } from '../features/groups/group-store.ts';

/** What membership screens need from the group and the session, composed here (features stay apart). */
export function useGroupAccess() {
  const { accountId = '', recordId = '' } = useParams();
  const group = useCurrentGroup();
  const user = useSessionStore((s) => s.user);
  return {
    accountId,
    recordId,
    admin: group?.account.admin ?? false,
    plan: group?.account['confirmed-plan'] ?? null,
    // Inviting needs a confirmed address (spec 000 §5): confirmed_at set.
    confirmed: Boolean(user?.confirmed_at),
  };
}
