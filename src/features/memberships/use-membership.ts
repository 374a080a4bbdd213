import { useEffect, useState } from 'react';
import { useErrorState } from '../../components/use-error-state.ts';
import type { Membership } from '../../domain/groups.ts';
import { getMembership } from './api/get-membership.ts';

/** One membership: undefined while loading, null when it does not exist. */
export function useMembership(accountId: string, membershipId: string) {
  const [membership, setMembership] = useState<{ id: string; doc: Membership | null } | null>(null);
  const [error, setError] = useErrorState();
  useEffect(() => {
    let live = true;
    getMembership(accountId, membershipId).then(
      (doc) => live && setMembership({ id: membershipId, doc }),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [accountId, membershipId, setError]);
  return { membership: membership?.id === membershipId ? membership.doc : undefined, error, setError };
}
