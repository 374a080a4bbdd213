import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { describeError } from '../components/error-text.ts';
import { isApiError } from '../data/api-error.ts';
import { isId } from '../domain/ids.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { NOT_ON_DEVICE, useGroupStore } from '../features/groups/group-store.ts';
import { featureModule } from './feature-modules.ts';
import { useLaunchSnapshots } from './launch-snapshot.ts';
import { ModuleTexts } from './module-texts.tsx';
import { PageSpinner } from './page-spinner.tsx';
import './register-indexes.ts';
import { useGroupNav } from './use-group-nav.ts';

/** The error page for a group that failed to load: 403 forbidden, 404 not found, no network… */
function groupErrorCode(error: unknown): string {
  if (isApiError(error) && error.error === NOT_ON_DEVICE) return NOT_ON_DEVICE;
  if (isApiError(error) && error.status === 0) return 'connection_error';
  return describeError(error).code;
}

/**
 * Everything under /account/:accountId: loads the group (record, settings, admin flag) and
 * shows its pages once ready, or the matching error page.
 */
export function GroupLayout() {
  const { accountId = '' } = useParams();
  const valid = isId(accountId, 'acc');
  const load = useGroupStore((s) => s.load);
  const current = useGroupStore((s) => s.accountId);
  const status = useGroupStore((s) => s.status);
  const error = useGroupStore((s) => s.error);

  const userId = useSessionStore((s) => s.user?._id ?? null);
  useEffect(() => {
    if (valid) void load(accountId, userId);
  }, [accountId, valid, load, userId]);
  useEffect(() => () => useGroupStore.getState().clear(), []);
  // A group that could not be reached opens by itself once the connection is back.
  const unreachable = status === 'error' && isApiError(error) && error.status === 0;
  useEffect(() => {
    if (!valid || !unreachable) return;
    const retry = () => void load(accountId, userId);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [accountId, valid, unreachable, load, userId]);

  if (!valid) return <ErrorPage code="not_found" />;
  if (current !== accountId || status === 'loading' || status === 'idle') return <PageSpinner />;
  if (status === 'error') return <ErrorPage code={groupErrorCode(error)} />;
  return <GroupScreens accountId={accountId} />;
}

/**
 * The group's pages, once the texts of the modules it uses are here (module-texts.tsx): any of
 * its screens may show a part of any of them. A module switched on later suspends the screens
 * until its texts arrive; the page keeps its state behind the spinner.
 */
function GroupScreens({ accountId }: { accountId: string }) {
  const { modules } = useGroupNav();
  useLaunchSnapshots(accountId);
  return (
    <ModuleTexts kinds={modules} fallback={<PageSpinner />}>
      <ModuleEffects accountId={accountId} modules={modules} />
      <Outlet />
    </ModuleTexts>
  );
}

/** What the modules the group uses do while it is open (claiming a numbering series while online…). */
function ModuleEffects({ accountId, modules }: { accountId: string; modules: readonly string[] }) {
  return (
    <>
      {modules.map((kind) => {
        const Effect = featureModule(kind)?.GroupEffect;
        return Effect ? <Effect key={kind} accountId={accountId} /> : null;
      })}
    </>
  );
}
