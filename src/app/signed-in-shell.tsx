// What the shell adds for a signed-in person, in a chunk of its own: it reaches the device's
// databases (live sync, unsent changes, the person's groups), and visitors on the public pages
// should not download PouchDB for it.
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { openedOnDemand } from '../components/on-demand.tsx';
import { useSyncStore } from '../data/sync-store.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import type { PublicUser } from '../domain/user.ts';
import { featureModule } from './feature-modules.ts';
import { GroupSwitcher } from './group-switcher.tsx';
import { ModuleMenu, OthersMenu } from './module-menus.tsx';
import './register-indexes.ts';
import { SyncStatus } from './sync-status.tsx';
import { useGroupNav } from './use-group-nav.ts';
import { useLiveSync } from './use-live-sync.ts';
import { useSessionRedirect } from './use-session-redirect.ts';
import { UserMenu } from './user-menu.tsx';

// Each reads its own state; `open` only says when its code is wanted.
const ReloginDialog = openedOnDemand<{ open: boolean }>(() =>
  import('../features/accounts/components/relogin-dialog.tsx').then((m) => m.ReloginDialog),
);
const RevokedDialog = openedOnDemand<{ open: boolean }>(() =>
  import('../features/sync/components/revoked-dialog.tsx').then((m) => m.RevokedDialog),
);

/** Sync, the redirect after sign-in, and the dialogs that open over any page. */
export function SignedInEffects() {
  useSessionRedirect();
  useLiveSync();
  const expired = useSessionStore((s) => s.expired);
  const revoked = useSyncStore((s) => Object.values(s.databases).some((db) => db.revoked));
  return (
    <>
      <ReloginDialog open={expired} />
      <RevokedDialog open={revoked} />
    </>
  );
}

/** The group's menus in the toolbar, on wide screens. */
export function SignedInMenus() {
  // Not drawn at all on a phone, where the drawer holds them: hidden by CSS, they were drawn again
  // (50 to 100 components) each time the group, its memberships or the sync state came in.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  if (!wide) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <GroupSwitcher />
      <ModuleMenu />
      <OthersMenu />
    </Box>
  );
}

/** Sync state and what the open group's module shows in the navbar (a badge counting what is open). */
export function SignedInStatus() {
  const { group, accountId } = useGroupNav();
  const Item = featureModule(group?.account.kind)?.NavbarItem;
  return (
    <>
      <SyncStatus />
      {Item && accountId ? <Item accountId={accountId} /> : null}
    </>
  );
}

export function SignedInUserMenu({ user }: { user: PublicUser }) {
  return <UserMenu user={user} />;
}
