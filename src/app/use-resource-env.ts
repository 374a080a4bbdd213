import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { ResourceEnv } from '../components/resource/resource-env.ts';
import { enabledFeatures } from '../domain/group-settings.ts';
import { resourceSpec } from '../domain/records/index.ts';
import type { ResourceSpec } from '../domain/records/schema.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { useCurrentGroup } from '../features/groups/group-store.ts';
import { useMembers } from '../features/memberships/use-members.ts';
import { useRouteMatches } from './routed.tsx';

/** The resource of the current route (its handle names it) and what its screens need. */
export function useResourceRoute(): { spec: ResourceSpec | null; env: ResourceEnv; recordId: string } {
  const { accountId = '', recordId = '' } = useParams();
  const resource = (useRouteMatches().at(-1)?.route.handle as { resource?: string } | undefined)?.resource ?? '';
  const group = useCurrentGroup();
  const userId = useSessionStore((s) => s.user?._id ?? '');
  const members = useMembers(accountId);
  const settings = group?.settings;
  const env = useMemo<ResourceEnv>(
    () => ({
      accountId,
      userId,
      members,
      settings: settings ?? {},
      features: enabledFeatures(settings),
    }),
    [accountId, userId, members, settings],
  );
  const spec = resourceSpec(resource);
  return { spec: spec && (!spec.feature || env.features.has(spec.feature)) ? spec : null, env, recordId };
}
