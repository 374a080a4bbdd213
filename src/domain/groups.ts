// Groups (accounts), their settings and memberships: the rules of spec 000 §2–§6 as pure functions.
import { FIELD_MESSAGES as M, FieldErrors } from './errors.ts';
import { MODULES } from './modules/index.ts';
import { isCurrency } from './money.ts';

/** The kinds a group may have: one per module (src/domain/modules), those not built yet included. */
export const APP_KINDS: readonly string[] = MODULES.map((m) => m.kind);
export type AppKind = string;
export const PLANS = ['locked', 'free', 'pro', 'corp'] as const;
export type Plan = (typeof PLANS)[number];

export const GROUP_MESSAGES = {
  oneFreeGroupUnconfirmed: 'You can have only 1 free Group, please confirm your email to unlock more benefits',
  fiveFreeGroups: 'You can create or be member of up to 5 free Groups',
  ownMembership: 'You are not allowed to update or delete your own membership',
  ownSubscription: 'You cannot delete your own subscription',
  oneAdminInFree: 'Only one Person can be Administrator in Free Groups',
  membershipNotFound: 'Could not find this Member subscription. It may have been deleted.',
  needsConfirmedEmail: 'You need to confirm your email to use this feature',
  creatorStaysAdmin: 'The creator of the Group cannot be removed and stays Administrator',
} as const;

/**
 * The account record's fields kept in the group's settings (spec 000 §7, `GET /accounts/{id}`),
 * beside its id and the reader's admin flag: what the server answers and the device can rebuild.
 */
export const ACCOUNT_SETTING_FIELDS = [
  'name',
  'kind',
  'billing-email',
  'confirmed-plan',
  'unconfirmed-plan',
  'created-by',
  'created-by-id',
  'created-at',
  'parent-account-id',
] as const;

export const FREE_GROUPS_UNCONFIRMED = 1;
export const FREE_GROUPS_CONFIRMED = 5;

/**
 * Group settings (Adjustment key → value) written when a group is created (spec 000 §3): the
 * group's own, then each module's switch and settings as its description starts them.
 */
export const DEFAULT_GROUP_SETTINGS: Readonly<Record<string, string>> = {
  'confirmed-plan': 'free',
  admin: 'false',
  ...Object.fromEntries(
    MODULES.flatMap((m) => [
      ...(m.setting ? [[m.setting, m.onByDefault ? 'enabled' : 'disabled'] as const] : []),
      ...m.settings.map((s) => [s.key, s.type === 'switch' ? 'disabled' : s.type === 'select' ? s.options[0]! : '']),
    ]),
  ),
  // Groups created before it kept one count in dollars, as the product always showed them.
  currency: 'USD',
  phones: '[]',
  addresses: '[]',
};

/** Settings only administrators change; everything else in a group is ordinary data. */
export const ADMIN_ONLY_KLASSES = new Set(['Adjustment', 'Membership', 'Phone', 'Address']);

export interface Membership {
  _id: string;
  _rev?: string;
  klass: 'Membership';
  db_name: string;
  name: string;
  kind: AppKind;
  status: 'pending' | 'accepted';
  user_id: string | null;
  user: { id: string; email: string | null; fullname: string; label: string } | null;
  email: string | null;
  editor: boolean;
  admin: boolean;
  report_view: boolean;
  bookmark: boolean;
  'confirmed-plan': Plan;
  created_by: string;
  created_by_id: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
  /** A Corporate group's sub-groups, which its members reach too: the switcher lists them under it. */
  sub_groups?: Array<{ id: string; name: string }>;
}

export function validateGroupForm(input: Record<string, unknown>): FieldErrors {
  const errors = new FieldErrors();
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.add('name', M.blank);
  else if (name.length > 100) errors.add('name', `${M.tooLong} (maximum is 100 characters)`);
  if (!(APP_KINDS as readonly unknown[]).includes(input.kind)) errors.add('kind', M.inclusion);
  // Asked on the form; a script that leaves it out gets the creator's language's (groups.ts).
  if (input.currency !== undefined && !isCurrency(input.currency)) errors.add('currency', M.inclusion);
  return errors;
}

/** Why the user may not create or join one more free group, or null when they may. */
export function freeGroupLimit(confirmed: boolean, freeGroups: number): string | null {
  if (!confirmed && freeGroups >= FREE_GROUPS_UNCONFIRMED) return GROUP_MESSAGES.oneFreeGroupUnconfirmed;
  if (freeGroups >= FREE_GROUPS_CONFIRMED) return GROUP_MESSAGES.fiveFreeGroups;
  return null;
}

export interface MembershipFlags {
  editor: boolean;
  admin: boolean;
  report_view: boolean;
}

/**
 * Reports (and the `adminnoop` placeholder standing for them) are for administrators, and for a
 * member whose membership says `report_view` (spec 000 §6); flags not known show nothing.
 */
export function canSeeReports(flags: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return flags?.admin === true || flags?.report_view === true;
}

/** Free (and locked) groups have one administrator; Pro and Corporate allow more (spec 000 §6). */
export function hasOneAdministrator(plan: Plan | null | undefined): boolean {
  return plan !== 'pro' && plan !== 'corp';
}

/**
 * Why `actorId` may not change (`next`) or delete (`next === null`) `membership`, or null.
 * `admins` counts the group's accepted administrators before the change.
 */
export function membershipChangeRefusal(
  actorId: string,
  membership: Pick<Membership, 'user_id' | 'admin' | 'status'>,
  next: MembershipFlags | null,
  group: { creatorId: string; plan: Plan; admins: number },
): string | null {
  // Spec 000 has a sentence for each: removing oneself, and changing one's own flags.
  if (membership.user_id === actorId)
    return next === null ? GROUP_MESSAGES.ownSubscription : GROUP_MESSAGES.ownMembership;
  if (membership.user_id && membership.user_id === group.creatorId) {
    if (next === null || !next.admin) return GROUP_MESSAGES.creatorStaysAdmin;
  }
  const becomesAdmin = next?.admin === true && !membership.admin;
  if (becomesAdmin && hasOneAdministrator(group.plan) && group.admins >= 1) {
    return GROUP_MESSAGES.oneAdminInFree;
  }
  return null;
}

export type SessionRedirect =
  { to: 'account#new' } | { to: 'dashboard'; accountId: string } | { to: 'home'; multiple: true };

/** Routes where the redirect after sign-in or session load does not apply (spec 000 §2). */
export const NO_REDIRECT_ROUTES = new Set([
  'account#new',
  'checkout',
  'icons',
  'subscription#checkout',
  'user#profile',
]);

/** Where to go after sign-in or session load, from the user's accepted memberships. */
export function redirectAfterSession(
  memberships: ReadonlyArray<Pick<Membership, 'db_name' | 'status' | 'bookmark'>>,
): SessionRedirect {
  const accepted = memberships.filter((m) => m.status === 'accepted');
  if (accepted.length === 0) return { to: 'account#new' };
  if (accepted.length === 1) return { to: 'dashboard', accountId: accepted[0]!.db_name };
  const bookmarked = accepted.filter((m) => m.bookmark);
  if (bookmarked.length === 1) return { to: 'dashboard', accountId: bookmarked[0]!.db_name };
  return { to: 'home', multiple: true };
}
