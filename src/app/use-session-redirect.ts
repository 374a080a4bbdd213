import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { whenIdle } from '../data/idle.ts';
import { rememberLanding } from '../data/launch-snapshot.ts';
import { NO_REDIRECT_ROUTES, redirectAfterSession } from '../domain/groups.ts';
import { openedAs, useSessionStore } from '../features/accounts/session-store.ts';
import { listInvites } from '../features/groups/api/list-invites.ts';
import { useMyGroupsStore } from '../features/groups/my-groups-store.ts';
import { landedAt } from './landing.ts';
import { useRouteHandle } from './routed.tsx';

/** Pages a signed-in user passes through on the way in; the redirect waits until they leave them. */
const SIGN_IN_ROUTES = new Set(['user#login', 'user#register']);

/**
 * Keeps the user's memberships loaded and applies the redirect after sign-in or session load
 * (spec 000 §2): once per sign-in, and only when the first page reached is home (or the page a
 * launch at home went straight to, landing.ts).
 */
export function useSessionRedirect(): void {
  const navigate = useNavigate();
  const routeName = useRouteHandle()?.name ?? '';
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.user?._id ?? null);
  const roles = useSessionStore((s) => s.user?.roles.join(',') ?? '');
  const memberships = useMyGroupsStore((s) => s.memberships);
  const loadedFor = useMyGroupsStore((s) => s.userId);
  const due = useRef(false);

  useEffect(() => {
    if (status === 'signed-in') due.current = true;
    else {
      due.current = false;
      useMyGroupsStore.getState().clear();
    }
  }, [status, userId]);

  // Mounted only while signed in (signed-in-shell.tsx): signing out forgets the person's groups.
  useEffect(() => () => useMyGroupsStore.getState().clear(), []);

  // Reloaded whenever the roles change: a group was created, an invite accepted, a member removed.
  // Once the screen is drawn: it brings the personal database up to date first, round trips the
  // page being opened does not need (the switcher's list, the redirect after signing in).
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void whenIdle().then(() => {
      // Opened from the device as this person (a launch), the redirect follows the device's copy
      // at once; after a sign-in, the server's.
      if (live) void useMyGroupsStore.getState().load(userId, userId === openedAs);
    });
    return () => {
      live = false;
    };
  }, [userId, roles]);

  useEffect(() => {
    if (!due.current || status !== 'signed-in' || SIGN_IN_ROUTES.has(routeName) || !routeName) return;
    // A launch at the start address that went straight where it led last time (landing.ts).
    const landed = landedAt !== null && window.location.pathname === landedAt;
    if ((routeName !== 'home' && !landed) || NO_REDIRECT_ROUTES.has(routeName)) {
      due.current = false;
      return;
    }
    if (!memberships || loadedFor !== userId) return;
    due.current = false;
    const target = redirectAfterSession(memberships);
    const landing = target.to === 'dashboard' ? { path: `/account/${target.accountId}`, db: target.accountId } : null;
    // The next launch at the start address goes there at once, and draws it while the code loads.
    rememberLanding(landing);
    if (landed && landing?.path === landedAt) return;
    if (landed && target.to === 'home') {
      void navigate('/', { replace: true });
      return;
    }
    // No group yet: one waiting invitation is where the person is expected, before a group of their own.
    if (target.to === 'account#new')
      void listInvites()
        .then((invites) => invites.length > 0)
        .catch(() => false)
        .then((invited) => navigate(invited ? '/user/profile?page=invites' : '/account/new', { replace: true }));
    else if (target.to === 'dashboard') void navigate(`/account/${target.accountId}`, { replace: true });
  }, [status, routeName, memberships, loadedFor, userId, navigate]);
}
