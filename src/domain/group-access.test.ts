import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canCreateSubGroup, groupAccess, SUBGROUP_MESSAGES, subGroupsOf } from './group-access.ts';

const P = 'acc-parent';
const S = 'acc-sub';
const T = 'acc-sibling';

describe('groupAccess', () => {
  // roles of the person, the group's parent, whether they administer the group and the parent.
  const cases: Array<[string, string[], string | null, boolean, boolean, { member: boolean; admin: boolean }]> = [
    ['a member of a group without parent', [P], null, false, false, { member: true, admin: false }],
    ['its administrator', [P], null, true, false, { member: true, admin: true }],
    ['a stranger', [T], null, false, false, { member: false, admin: false }],
    ['a stranger named an admin by a stale _security', [], null, true, false, { member: false, admin: false }],
    ['a parent member reaches the sub-group', [P], P, false, false, { member: true, admin: false }],
    ['the parent administrator administers the sub-group', [P], P, false, true, { member: true, admin: true }],
    ['a sub-group member of its own', [S], P, false, false, { member: true, admin: false }],
    ['a sub-group administrator of its own', [S], P, true, false, { member: true, admin: true }],
    ['a member of both, admin of neither', [P, S], P, false, false, { member: true, admin: false }],
    ['a member of both, admin of the parent only', [P, S], P, false, true, { member: true, admin: true }],
    ['a member of both, admin of the sub-group only', [P, S], P, true, false, { member: true, admin: true }],
    ['a sibling sub-group member', [T], P, false, false, { member: false, admin: false }],
    ['an admin of the parent without its role', [], P, false, true, { member: false, admin: false }],
  ];
  it.each(cases)('%s', (_, roles, parent, adminHere, adminOfParent, expected) => {
    expect(groupAccess(roles, parent ? S : P, { parent, adminHere, adminOfParent })).toMatchObject(expected);
  });

  it('the parent is never reached through a sub-group (no upward access)', () => {
    expect(groupAccess([S], P, { parent: null, adminHere: false, adminOfParent: false }).member).toBe(false);
  });

  it('no grand-parent chain: only the direct parent counts', () => {
    // The caller passes only the direct parent; a member of a grand-parent reaches nothing below it.
    expect(groupAccess(['acc-grand'], S, { parent: P, adminHere: false, adminOfParent: false }).member).toBe(false);
  });

  it('is never wider than own membership or the direct parent, and admin implies member', () => {
    const db = fc.constantFrom(P, S, T, 'acc-x');
    fc.assert(
      fc.property(
        fc.uniqueArray(db),
        db,
        fc.option(db, { nil: null }),
        fc.boolean(),
        fc.boolean(),
        (roles, target, parent, adminHere, adminOfParent) => {
          const access = groupAccess(roles, target, { parent, adminHere, adminOfParent });
          const own = roles.includes(target);
          const viaParent = parent !== null && parent !== target && roles.includes(parent);
          expect(access.member).toBe(own || viaParent);
          if (access.admin) expect(access.member).toBe(true);
          if (access.admin) expect((own && adminHere) || (viaParent && adminOfParent)).toBe(true);
          expect(access.through).toBe(own ? 'own' : viaParent ? 'parent' : null);
        },
      ),
    );
  });
});

describe('canCreateSubGroup', () => {
  const corp = { 'confirmed-plan': 'corp', 'created-by-id': 'usr-owner' };
  it.each([
    ['the Owner of a Corporate group', 'usr-owner', corp, null],
    ['another administrator', 'usr-admin', corp, SUBGROUP_MESSAGES.ownerOnly],
    ['the creator of a Pro group', 'usr-owner', { ...corp, 'confirmed-plan': 'pro' }, SUBGROUP_MESSAGES.corporateOnly],
    ['the creator of a free group', 'usr-owner', { 'created-by-id': 'usr-owner' }, SUBGROUP_MESSAGES.corporateOnly],
    ['the Owner, under a sub-group', 'usr-owner', { ...corp, 'parent-account-id': P }, SUBGROUP_MESSAGES.noNesting],
  ] as const)('%s', (_, userId, settings, refusal) => {
    expect(canCreateSubGroup(userId, settings)).toBe(refusal);
  });
});

describe('subGroupsOf', () => {
  it('reads the server-written list and ignores what is not one', () => {
    expect(subGroupsOf({ 'sub-groups': JSON.stringify([{ id: S, name: 'Branch' }]) })).toEqual([
      { id: S, name: 'Branch' },
    ]);
    expect(subGroupsOf({ 'sub-groups': '[{"id":"usr-x","name":"x"},3]' })).toEqual([]);
    expect(subGroupsOf({ 'sub-groups': 'not json' })).toEqual([]);
    expect(subGroupsOf({})).toEqual([]);
  });
});
