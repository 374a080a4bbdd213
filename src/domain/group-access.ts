// Who reaches a group database, and as what (spec 000 §6, Corporate sub-groups). A person reaches
// a group through their own membership (its role) or, for a sub-group, through a membership of its
// direct parent; administering is their own group's administrator setting or, for a sub-group, the
// parent's: the only setting copied down. The server gathers the facts; this decides.

export interface GroupFacts {
  /** The group's `parent-account-id`: the Corporate group it hangs under, or null. */
  parent: string | null;
  /** Whether the person is among the group's own administrators (its `_security`). */
  adminHere: boolean;
  /** Whether the person is among the parent's administrators (false without a parent). */
  adminOfParent: boolean;
}

export interface GroupReach {
  member: boolean;
  admin: boolean;
  /** How they reach it: their own membership first, else the parent's; null when they do not. */
  through: 'own' | 'parent' | null;
}

/**
 * Only the direct parent counts: a sub-group has no sub-groups (creating one under a sub-group is
 * refused), so there is no chain to follow, and a member of a sub-group reaches neither its parent
 * nor its siblings, since access flows only downwards.
 */
export function groupAccess(roles: readonly string[], db: string, facts: GroupFacts): GroupReach {
  const own = roles.includes(db);
  const viaParent = facts.parent !== null && facts.parent !== db && roles.includes(facts.parent);
  // A stale administrator entry without the membership's role opens nothing.
  const admin = (own && facts.adminHere) || (viaParent && facts.adminOfParent);
  return { member: own || viaParent, admin, through: own ? 'own' : viaParent ? 'parent' : null };
}

export const SUBGROUP_MESSAGES = {
  corporateOnly: 'Only a Group on the Corporate plan can have sub-groups',
  ownerOnly: 'Only the Owner of this Corporate Group can create its sub-groups',
  noNesting: 'A sub-group cannot have sub-groups of its own',
} as const;

/**
 * Whether `userId` may create a sub-group under a group with these settings: the group is on the
 * Corporate plan, is no sub-group itself, and the person is its Owner. The Owner is the group's
 * creator (`created-by-id`): the one administrator who can never be removed, so a Corporate group
 * always has exactly one (docs/groups.md says why not whoever paid last).
 */
export function canCreateSubGroup(
  userId: string,
  settings: Readonly<Record<string, unknown>>,
): (typeof SUBGROUP_MESSAGES)[keyof typeof SUBGROUP_MESSAGES] | null {
  if (typeof settings['parent-account-id'] === 'string' && settings['parent-account-id'] !== '')
    return SUBGROUP_MESSAGES.noNesting;
  if (settings['confirmed-plan'] !== 'corp') return SUBGROUP_MESSAGES.corporateOnly;
  if (settings['created-by-id'] !== userId) return SUBGROUP_MESSAGES.ownerOnly;
  return null;
}

export interface SubGroup {
  id: string;
  name: string;
}

/** A parent's sub-groups, from its server-written `sub-groups` setting (JSON text of a list). */
export function subGroupsOf(settings: Readonly<Record<string, unknown>>): SubGroup[] {
  const text = settings['sub-groups'];
  if (typeof text !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is SubGroup =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as SubGroup).id === 'string' &&
        (entry as SubGroup).id.startsWith('acc-') &&
        typeof (entry as SubGroup).name === 'string',
    )
    .map(({ id, name }) => ({ id, name }));
}
