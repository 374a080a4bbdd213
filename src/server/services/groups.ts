// Groups: each one a database `acc-<uuid>` with its settings, memberships and records. Creating
// one writes the database, its design documents, its default settings, the creator's membership
// (and its copy in their personal database) and the creator's role — all of it, or nothing.
import { defaultCurrency, isCurrency } from '../../domain/money.ts';
import { MESSAGES } from '../../domain/errors.ts';
import {
  ACCOUNT_SETTING_FIELDS,
  type AppKind,
  DEFAULT_GROUP_SETTINGS,
  freeGroupLimit,
  type Membership,
  validateGroupForm,
} from '../../domain/groups.ts';
import { isId, newId } from '../../domain/ids.ts';
import { enabledModules, MODULES } from '../../domain/modules/index.ts';
import { groupRoles } from '../../domain/user.ts';
import {
  canCreateSubGroup,
  groupAccess,
  type GroupReach,
  type SubGroup,
  subGroupsOf,
} from '../../domain/group-access.ts';
import { type AppContext, USERS_DB } from '../context.ts';
import { conflict, forbidden, notFound, unprocessable } from '../http/http-error.ts';
import { type CouchDoc, isConflict, StoreError } from '../store/couch-client.ts';
import { deployDesignDocs, groupDesignDocs } from '../store/design-docs.ts';
import { isLocale } from '../../domain/locale.ts';
import { noteLocale, type UserDoc } from './users.ts';

interface Adjustment extends CouchDoc {
  klass: 'Adjustment';
  key: string;
  value: unknown;
}

export interface GroupSecurity {
  admins: { names: string[]; roles: string[] };
  members: { names: string[]; roles: string[] };
}

/** The store refuses everyone but its admin; admins.roles lists the group's administrators (spec 000 §6). */
function security(db: string, adminIds: string[]): GroupSecurity {
  return { admins: { names: [], roles: ['_admin', ...adminIds] }, members: { names: [], roles: ['_admin', db] } };
}

export async function readSecurity(ctx: AppContext, db: string): Promise<GroupSecurity | null> {
  return ctx.store.request<GroupSecurity>(`/${db}/_security`);
}

export async function isGroupAdmin(ctx: AppContext, db: string, userId: string): Promise<boolean> {
  const sec = await readSecurity(ctx, db);
  return Boolean(sec?.admins?.roles?.includes(userId));
}

export async function writeAdminIds(ctx: AppContext, db: string, adminIds: string[]): Promise<void> {
  await ctx.store.must(`/${db}/_security`, { method: 'PUT', body: security(db, [...new Set(adminIds)]) });
}

export async function readSettings(ctx: AppContext, db: string): Promise<Record<string, unknown>> {
  const docs = (await ctx.store.docsWithPrefix<Adjustment>(db, 'adj-')).filter((d) => d.klass === 'Adjustment');
  return Object.fromEntries(docs.map((d) => [d.key, d.value]));
}

/**
 * The modules a group with these settings uses: its kind's, those always on, and those switched
 * on, with the defaults for settings it never stored (as its devices read them).
 */
export function modulesInUse(settings: Readonly<Record<string, unknown>>): string[] {
  const stored = Object.entries(settings).map(([k, v]) => [k, typeof v === 'string' ? v : ''] as const);
  const text = { ...DEFAULT_GROUP_SETTINGS, ...Object.fromEntries(stored) };
  return enabledModules(text, text.kind || null);
}

/** Settings that decide which modules a group uses: each module's switch, and the group's kind. */
const MODULE_SWITCHES = new Set(['kind', ...MODULES.flatMap((m) => (m.setting ? [m.setting] : []))]);

/**
 * Brings a group's design documents in line with the modules it uses: the generic ones and those
 * of each module in use. A module switched off keeps its design documents, as it keeps its data.
 */
export async function deployGroupDesignDocs(
  ctx: AppContext,
  db: string,
  settings?: Readonly<Record<string, unknown>>,
): Promise<number> {
  const kinds = modulesInUse(settings ?? (await readSettings(ctx, db)));
  return deployDesignDocs(ctx.store, db, 'group', groupDesignDocs(kinds));
}

/**
 * Parents by group, per server context. A group's `parent-account-id` is written with the group's
 * first settings and no client can change it (a server-only setting), so an entry stays true while
 * its group exists; the time-to-live only lets a deleted group go, and the bound keeps the map
 * small. Nothing about sessions or people is kept: access is decided afresh on every request.
 */
const PARENT_TTL_MS = 5 * 60_000;
const PARENT_CACHE_SIZE = 5000;
const parentCaches = new WeakMap<AppContext, Map<string, { parent: string | null; until: number }>>();

function groupParentCache(ctx: AppContext): Map<string, { parent: string | null; until: number }> {
  let cache = parentCaches.get(ctx);
  if (!cache) parentCaches.set(ctx, (cache = new Map()));
  return cache;
}

/** The group's parent (its `parent-account-id`), or null for a group that is no sub-group. */
export async function groupParent(ctx: AppContext, db: string): Promise<string | null> {
  const cache = groupParentCache(ctx);
  const now = Date.now();
  const hit = cache.get(db);
  if (hit && hit.until > now) return hit.parent;
  // A group that does not exist has no parent: the caller meets the same 403 as for any group not theirs.
  const settings = await readSettings(ctx, db).catch((error: unknown) => {
    if (error instanceof StoreError && error.status === 404) return null;
    throw error;
  });
  if (!settings) return null;
  const value = settings['parent-account-id'];
  const parent = typeof value === 'string' && isId(value, 'acc') && value !== db ? value : null;
  cache.delete(db);
  if (cache.size >= PARENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(db, { parent, until: now + PARENT_TTL_MS });
  return parent;
}

/** Sub-group lists by group: written only by this server (`sub-groups`), so kept briefly. */
const SUBGROUPS_TTL_MS = 30_000;
const subGroupCaches = new WeakMap<AppContext, Map<string, { ids: readonly string[]; until: number }>>();

async function subGroupIdsOf(ctx: AppContext, group: string): Promise<readonly string[]> {
  let cache = subGroupCaches.get(ctx);
  if (!cache) subGroupCaches.set(ctx, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(group);
  if (hit && hit.until > now) return hit.ids;
  const settings = await readSettings(ctx, group).catch((error: unknown) => {
    if (error instanceof StoreError && error.status === 404) return {};
    throw error;
  });
  const ids = subGroupsOf(settings).map((entry) => entry.id);
  cache.delete(group);
  if (cache.size >= PARENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(group, { ids, until: now + SUBGROUPS_TTL_MS });
  return ids;
}

/**
 * The parent through which someone with `roles` may reach `db`, found only in what they may read:
 * their own group's settings when `db` is theirs, else their groups' server-written `sub-groups`
 * lists. A request for a group that is not theirs never makes the server read that group (the
 * door's invariant, test/integration/door-property.test.ts). A sub-group just created on another
 * instance is reached through its parent within 30 s there (the lists' cache).
 */
export async function parentFor(ctx: AppContext, roles: readonly string[], db: string): Promise<string | null> {
  if (!isId(db, 'acc')) return null;
  if (roles.includes(db)) return groupParent(ctx, db);
  for (const role of roles) {
    if (role === db || !isId(role, 'acc')) continue;
    if ((await subGroupIdsOf(ctx, role)).includes(db)) return role;
  }
  return null;
}

/** How `user` reaches the group `db` (src/domain/group-access.ts), from its parent and both `_security`s. */
export async function groupReach(
  ctx: AppContext,
  user: { _id: string; roles: readonly string[] },
  db: string,
): Promise<GroupReach & { parent: string | null }> {
  if (!isId(db, 'acc')) return { member: false, admin: false, through: null, parent: null };
  const parent = await parentFor(ctx, user.roles, db);
  const [adminHere, adminOfParent] = await Promise.all([
    user.roles.includes(db) ? isGroupAdmin(ctx, db, user._id) : false,
    parent && user.roles.includes(parent) ? isGroupAdmin(ctx, parent, user._id) : false,
  ]);
  return { ...groupAccess(user.roles, db, { parent, adminHere, adminOfParent }), parent };
}

/** Refuses (403) whoever does not reach the group `db`; answers how they reach it. */
export async function requireMember(
  ctx: AppContext,
  user: { _id: string; roles: readonly string[] },
  db: string,
): Promise<GroupReach & { parent: string | null }> {
  const reach = await groupReach(ctx, user, db);
  if (!reach.member) throw forbidden(MESSAGES.forbidden);
  return reach;
}

/** A group's memberships (their ids carry the `mem-` prefix: a range of the primary index). */
export async function listMemberships(ctx: AppContext, db: string): Promise<Membership[]> {
  return (await ctx.store.docsWithPrefix<Membership>(db, 'mem-')).filter((d) => d.klass === 'Membership');
}

/** Adds or removes a group role on a user document, retrying on concurrent edits. */
export async function setGroupRole(ctx: AppContext, userId: string, db: string, member: boolean): Promise<void> {
  await ctx.store
    .update<UserDoc>(USERS_DB, userId, (user) => {
      if (!user || user.roles.includes(db) === member) return null;
      const roles = member ? [...user.roles, db] : user.roles.filter((r) => r !== db);
      return { ...user, roles, updated_at: ctx.now().toISOString() };
    })
    .catch((error: unknown) => {
      throw isConflict(error) ? conflict() : error;
    });
}

/** Writes (or replaces) the copy of a membership in its member's personal database. */
export async function putMembershipCopy(ctx: AppContext, membership: Membership): Promise<void> {
  if (!membership.user_id) return;
  const { _rev: _ignored, ...rest } = membership;
  await ctx.store
    .update<Membership>(membership.user_id, membership._id, (current) => ({
      ...rest,
      bookmark: current?.bookmark ?? false,
      ...(current?._rev ? { _rev: current._rev } : {}),
    }))
    .catch((error: unknown) => {
      if (!isConflict(error)) throw error;
    });
}

export async function deleteMembershipCopy(ctx: AppContext, userId: string, membershipId: string): Promise<void> {
  const current = await ctx.store.get(userId, membershipId);
  if (current?._rev) await ctx.store.remove(userId, membershipId, current._rev);
}

export function memberSummary(user: UserDoc): NonNullable<Membership['user']> {
  return { id: user._id, email: user.email ?? user.unconfirmed_email, fullname: user.fullname, label: user.label };
}

/** Refuses one more free group past the spec's limits. Every group is free until billing exists. */
export function checkGroupLimit(user: UserDoc): void {
  const refusal = freeGroupLimit(Boolean(user.confirmed_at), groupRoles(user.roles).length);
  if (refusal) throw forbidden(refusal);
}

/**
 * A Corporate group's sub-group (`POST /api/groups/{parent}/subgroups`, its Owner only): a group
 * whose `parent-account-id` names the parent and whose plan is the parent's. It holds no membership
 * of its own at first: the parent's members reach it and its administrators administer it, so it
 * adds no role to anyone's user (nor counts among their free groups). The parent's `sub-groups`
 * setting lists it, so devices holding the parent know its sub-groups offline.
 */
export async function createSubGroup(
  ctx: AppContext,
  user: UserDoc,
  parentDb: string,
  input: Record<string, unknown>,
): Promise<{ id: string; name: string; kind: AppKind; parent: string }> {
  await requireMember(ctx, user, parentDb);
  const parentSettings = await readSettings(ctx, parentDb);
  const refusal = canCreateSubGroup(user._id, parentSettings);
  if (refusal) throw forbidden(refusal);
  const created = await createGroup(
    ctx,
    user,
    { kind: parentSettings.kind, currency: parentSettings.currency, ...input },
    { db: parentDb, plan: String(parentSettings['confirmed-plan']) },
  );
  await setSubGroupEntry(ctx, parentDb, { id: created.id, name: created.name });
  groupParentCache(ctx).delete(created.id);
  subGroupCaches.get(ctx)?.delete(parentDb);
  return { ...created, parent: parentDb };
}

/** Adds or renames a sub-group in its parent's `sub-groups` setting (a server-only setting). */
async function setSubGroupEntry(ctx: AppContext, parentDb: string, entry: SubGroup): Promise<void> {
  const docs = await ctx.store.docsWithPrefix<Adjustment>(parentDb, 'adj-');
  const stored = docs.find((d) => d.klass === 'Adjustment' && d.key === 'sub-groups');
  const now = ctx.now().toISOString();
  const id = stored?._id ?? newId('Adjustment');
  await ctx.store.update<Adjustment>(
    parentDb,
    id,
    (current) => {
      const list = subGroupsOf({ 'sub-groups': current?.value });
      if (list.some((g) => g.id === entry.id && g.name === entry.name)) return null;
      const next = list.some((g) => g.id === entry.id)
        ? list.map((g) => (g.id === entry.id ? entry : g))
        : [...list, entry];
      const base = current ?? { _id: id, klass: 'Adjustment' as const, created_at: now };
      return { ...base, key: 'sub-groups', value: JSON.stringify(next), updated_at: now };
    },
    { known: stored ?? null },
  );
  // Each member's copy carries the list, so their switcher shows the sub-groups offline.
  const list = subGroupsOf(await readSettings(ctx, parentDb));
  for (const membership of await listMemberships(ctx, parentDb)) {
    if (JSON.stringify(membership.sub_groups ?? []) === JSON.stringify(list)) continue;
    const changed = { ...membership, sub_groups: list, updated_at: now };
    try {
      const { rev } = await ctx.store.put(parentDb, changed);
      await putMembershipCopy(ctx, { ...changed, _rev: rev });
    } catch (error) {
      // A membership changed meanwhile gets the list with the next sub-group; never fail the creation.
      if (!isConflict(error)) throw error;
    }
  }
}

export async function createGroup(
  ctx: AppContext,
  user: UserDoc,
  input: Record<string, unknown>,
  parent?: { db: string; plan: string },
): Promise<{ id: string; name: string; kind: AppKind }> {
  const errors = validateGroupForm(input);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  if (!parent) checkGroupLimit(user);
  const name = String(input.name).trim();
  const kind = input.kind as AppKind;
  const db = newId('Account');
  const now = ctx.now().toISOString();
  const membership: Membership = {
    _id: newId('Membership'),
    klass: 'Membership',
    db_name: db,
    name,
    kind,
    status: 'accepted',
    user_id: user._id,
    user: memberSummary(user),
    email: user.email ?? user.unconfirmed_email,
    editor: true,
    admin: true,
    report_view: true,
    bookmark: false,
    'confirmed-plan': 'free',
    created_by: user.label,
    created_by_id: user._id,
    updated_by: user._id,
    created_at: now,
    updated_at: now,
  };
  const settings: Record<string, string> = {
    ...DEFAULT_GROUP_SETTINGS,
    name,
    kind,
    'billing-email': user.email ?? '',
    // The form asks (defaulting from the browser's region); a script that does not say keeps the old rule.
    currency: isCurrency(input.currency) ? input.currency : defaultCurrency(user.locale),
    'created-by': user.label,
    'created-by-id': user._id,
    'created-at': now,
    ...(parent ? { 'parent-account-id': parent.db, 'confirmed-plan': parent.plan } : {}),
  };
  try {
    if (!(await ctx.store.createDatabase(db))) throw conflict();
    await writeAdminIds(ctx, db, parent ? [] : [user._id]);
    await deployGroupDesignDocs(ctx, db, settings);
    const docs = [
      ...Object.entries(settings).map(([key, value]) => ({
        _id: newId('Adjustment'),
        klass: 'Adjustment',
        key,
        value,
        created_at: now,
        updated_at: now,
      })),
      ...(parent ? [] : [membership]),
    ];
    const results = await ctx.store.must<Array<{ error?: string }>>(`/${db}/_bulk_docs`, {
      method: 'POST',
      body: { docs },
    });
    if (results.some((r) => r.error)) throw new Error(`group ${db}: could not write its first documents`);
    if (parent) return { id: db, name, kind };
    await putMembershipCopy(ctx, membership);
    await setGroupRole(ctx, user._id, db, true);
  } catch (error) {
    await setGroupRole(ctx, user._id, db, false).catch(() => undefined);
    await deleteMembershipCopy(ctx, user._id, membership._id).catch(() => undefined);
    await ctx.store.deleteDatabase(db).catch(() => undefined);
    throw error;
  }
  return { id: db, name, kind };
}

// The server-written billing fields of spec 000 §3, and the free limit's moment (docs/billing.md).
const ACCOUNT_FIELDS = [
  ...ACCOUNT_SETTING_FIELDS,
  'v7_plan',
  'livemode',
  'platform_price_id',
  'platform_customer_id',
  'free-limit-passed-at',
  'plan-changed-at',
] as const;

/** The account record of spec 000 §7 (`GET /accounts/{id}`), for members of the group. */
export async function readAccount(
  ctx: AppContext,
  db: string,
  user: UserDoc,
  fields?: readonly string[],
): Promise<Record<string, unknown>> {
  const reach = await requireMember(ctx, user, db);
  const [settings, sec] = await Promise.all([readSettings(ctx, db), readSecurity(ctx, db)]);
  if (!sec) throw notFound();
  const adminRoles = (sec.admins?.roles ?? []).filter((r) => r !== '_admin');
  const record: Record<string, unknown> = {
    _id: db,
    ...Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, settings[f] ?? null])),
    admin: reach.admin,
    admin_roles: adminRoles,
  };
  if (!fields || fields.length === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([k]) => k === '_id' || fields.includes(k)));
}

/**
 * Side effects of writes that reached a database. A renamed group renames every membership and
 * each member's copy, so switchers and profile tabs show the new name; a module switched on gets
 * its design documents deployed; a language picked in the app (the personal `locale` setting) is
 * kept on the user, for the e-mails sent to them.
 */
export async function afterWrite(
  ctx: AppContext,
  db: string,
  docs: ReadonlyArray<{ klass?: unknown; key?: unknown; value?: unknown; _deleted?: unknown }>,
): Promise<void> {
  if (isId(db, 'usr')) {
    const locale = docs.findLast((d) => d.klass === 'Adjustment' && d.key === 'locale' && d._deleted !== true)?.value;
    if (isLocale(locale)) await noteLocale(ctx, db, locale);
    return;
  }
  if (!isId(db, 'acc')) return;
  const setting = (key: (k: string) => boolean) =>
    docs.some((d) => d.klass === 'Adjustment' && typeof d.key === 'string' && key(d.key) && d._deleted !== true);
  if (setting((key) => MODULE_SWITCHES.has(key))) {
    // The setting is stored: a failure here is repaired when the server next starts (upgradeDatabases).
    await deployGroupDesignDocs(ctx, db).catch((error: unknown) =>
      ctx.config.log(`groups: design documents of ${db}: ${(error as Error).message}`),
    );
  }
  if (!setting((key) => key === 'name')) return;
  const name = String((await readSettings(ctx, db)).name ?? '').trim();
  if (!name) return;
  const parent = await groupParent(ctx, db);
  if (parent) await setSubGroupEntry(ctx, parent, { id: db, name });
  const memberships = await listMemberships(ctx, db);
  for (const membership of memberships.filter((m) => m.name !== name)) {
    const renamed = { ...membership, name, updated_at: ctx.now().toISOString() };
    try {
      const { rev } = await ctx.store.put(db, renamed);
      await putMembershipCopy(ctx, { ...renamed, _rev: rev });
    } catch (error) {
      // A membership changed meanwhile keeps its old name until the next rename; never fail the write.
      if (!isConflict(error)) throw error;
    }
  }
}
