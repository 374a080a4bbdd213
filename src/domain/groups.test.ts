import { describe, expect, it } from 'vitest';
import {
  canSeeReports,
  freeGroupLimit,
  GROUP_MESSAGES,
  membershipChangeRefusal,
  redirectAfterSession,
  validateGroupForm,
} from './groups.ts';

describe('validateGroupForm', () => {
  it('needs a name and a known kind', () => {
    expect(validateGroupForm({ name: ' ', kind: 'bank' }).reasons).toEqual({
      name: ["can't be blank"],
      kind: ['is not included in the list'],
    });
    expect(validateGroupForm({ name: 'Oficina', kind: 'ticket' }).hasErrors).toBe(false);
  });
});

describe('freeGroupLimit', () => {
  it('allows one free group before confirmation and five after', () => {
    expect(freeGroupLimit(false, 0)).toBeNull();
    expect(freeGroupLimit(false, 1)).toBe(GROUP_MESSAGES.oneFreeGroupUnconfirmed);
    expect(freeGroupLimit(true, 4)).toBeNull();
    expect(freeGroupLimit(true, 5)).toBe(GROUP_MESSAGES.fiveFreeGroups);
  });
});

describe('membershipChangeRefusal', () => {
  const group = { creatorId: 'usr-creator', plan: 'free' as const, admins: 1 };
  const member = { user_id: 'usr-member', admin: false, status: 'accepted' as const };
  const flags = { editor: true, admin: false, report_view: true };

  it('refuses changes to one’s own membership', () => {
    expect(membershipChangeRefusal('usr-member', member, flags, group)).toBe(GROUP_MESSAGES.ownMembership);
    expect(membershipChangeRefusal('usr-member', member, null, group)).toBe(GROUP_MESSAGES.ownSubscription);
  });

  it('keeps the creator in the group and an administrator', () => {
    const creator = { user_id: 'usr-creator', admin: true, status: 'accepted' as const };
    expect(membershipChangeRefusal('usr-other', creator, null, group)).toBe(GROUP_MESSAGES.creatorStaysAdmin);
    expect(membershipChangeRefusal('usr-other', creator, flags, group)).toBe(GROUP_MESSAGES.creatorStaysAdmin);
    expect(membershipChangeRefusal('usr-other', creator, { ...flags, admin: true }, group)).toBeNull();
  });

  it('allows one administrator in free groups, more on pro and corp', () => {
    const promote = { ...flags, admin: true };
    expect(membershipChangeRefusal('usr-creator', member, promote, group)).toBe(GROUP_MESSAGES.oneAdminInFree);
    expect(membershipChangeRefusal('usr-creator', member, promote, { ...group, plan: 'pro' })).toBeNull();
    expect(membershipChangeRefusal('usr-creator', member, flags, group)).toBeNull();
    expect(membershipChangeRefusal('usr-creator', member, null, group)).toBeNull();
  });
});

describe('redirectAfterSession', () => {
  const m = (db: string, bookmark = false, status: 'accepted' | 'pending' = 'accepted') => ({
    db_name: db,
    bookmark,
    status,
  });
  it('follows spec 000 §2', () => {
    expect(redirectAfterSession([])).toEqual({ to: 'account#new' });
    expect(redirectAfterSession([m('acc-a', false, 'pending')])).toEqual({ to: 'account#new' });
    expect(redirectAfterSession([m('acc-a')])).toEqual({ to: 'dashboard', accountId: 'acc-a' });
    expect(redirectAfterSession([m('acc-a'), m('acc-b', true)])).toEqual({ to: 'dashboard', accountId: 'acc-b' });
    expect(redirectAfterSession([m('acc-a'), m('acc-b')])).toEqual({ to: 'home', multiple: true });
    expect(redirectAfterSession([m('acc-a', true), m('acc-b', true)])).toEqual({ to: 'home', multiple: true });
  });
});

describe('canSeeReports', () => {
  it.each([
    ['an administrator', { admin: true, report_view: false }, true],
    ['a member with report_view', { admin: false, report_view: true }, true],
    ['a member without it', { admin: false, report_view: false }, false],
    ['flags not known (no membership on the device)', null, false],
    ['a flag that is not a boolean', { admin: 'true', report_view: 1 }, false],
  ] as const)('%s', (_, flags, seen) => expect(canSeeReports(flags)).toBe(seen));
});
