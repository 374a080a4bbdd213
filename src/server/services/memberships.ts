// Memberships: invitations by e-mail, acceptance, flags and removal. The group database holds
// the membership; the member's personal database a copy; the member's user document the role
// that opens the group's data. An `Invite` document in moneta-users finds pending invitations
// by address across groups.
import { validateEmailRequest } from '../../domain/account-forms.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import { GROUP_MESSAGES, type Membership, membershipChangeRefusal, type Plan } from '../../domain/groups.ts';
import { isId, newId } from '../../domain/ids.ts';
import { subGroupsOf } from '../../domain/group-access.ts';
import { normalizeEmail } from '../../domain/user.ts';
import { type AppContext, USERS_DB } from '../context.ts';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../http/http-error.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import {
  checkGroupLimit,
  deleteMembershipCopy,
  groupReach,
  listMemberships,
  memberSummary,
  putMembershipCopy,
  readSettings,
  setGroupRole,
  writeAdminIds,
} from './groups.ts';
import { queueMail, type UserDoc } from './users.ts';

interface InviteDoc extends CouchDoc {
  klass: 'Invite';
  email: string;
  db_name: string;
  membership_id: string;
}

const inviteId = (membershipId: string) => `invite:${membershipId}`;
const flag = (value: unknown) => value === true || value === 'true';

async function requireAdmin(ctx: AppContext, db: string, user: UserDoc): Promise<void> {
  // A parent's administrator administers its sub-groups' members too (src/domain/group-access.ts).
  if (!(await groupReach(ctx, user, db)).admin) throw forbidden(MESSAGES.forbidden);
}

async function getMembership(ctx: AppContext, db: string, id: string): Promise<Membership> {
  const found = isId(id, 'mem') ? await ctx.store.get<Membership>(db, id) : null;
  if (!found || found.klass !== 'Membership') throw new HttpError(404, GROUP_MESSAGES.membershipNotFound);
  return found;
}

/** The user ids of a group's accepted administrators. */
function adminIds(all: readonly Membership[]): string[] {
  return all.filter((m) => m.status === 'accepted' && m.admin && m.user_id).map((m) => m.user_id!);
}

/** What the membership rules need to know about a group. */
async function groupFacts(ctx: AppContext, db: string) {
  const [settings, all] = await Promise.all([readSettings(ctx, db), listMemberships(ctx, db)]);
  return {
    admins: adminIds(all).length,
    name: String(settings.name ?? db),
    kind: settings.kind as Membership['kind'],
    plan: (settings['confirmed-plan'] ?? 'free') as Plan,
    creatorId: String(settings['created-by-id'] ?? ''),
    subGroups: subGroupsOf(settings),
    all,
  };
}

async function syncAdmins(ctx: AppContext, db: string): Promise<void> {
  await writeAdminIds(ctx, db, adminIds(await listMemberships(ctx, db)));
}

export async function inviteMember(
  ctx: AppContext,
  inviter: UserDoc,
  db: string,
  input: Record<string, unknown>,
): Promise<Membership> {
  await requireAdmin(ctx, db, inviter);
  if (!inviter.confirmed_at) throw forbidden(GROUP_MESSAGES.needsConfirmedEmail);
  const errors = validateEmailRequest(input);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  const email = normalizeEmail(String(input.email));
  const facts = await groupFacts(ctx, db);
  if (facts.all.some((m) => m.email === email || m.user?.email === email)) {
    throw unprocessable({ email: [FIELD_MESSAGES.taken] });
  }
  const admin = flag(input.admin);
  if (admin) {
    const refusal = membershipChangeRefusal(
      inviter._id,
      { user_id: null, admin: false, status: 'pending' },
      { admin, editor: true, report_view: true },
      facts,
    );
    if (refusal) throw unprocessable({ admin: [refusal] });
  }
  const now = ctx.now().toISOString();
  const membership: Membership = {
    _id: newId('Membership'),
    klass: 'Membership',
    db_name: db,
    name: facts.name,
    kind: facts.kind,
    status: 'pending',
    user_id: null,
    user: null,
    email,
    editor: flag(input.editor),
    admin,
    report_view: flag(input.report_view),
    bookmark: false,
    'confirmed-plan': facts.plan,
    ...(facts.subGroups.length > 0 ? { sub_groups: facts.subGroups } : {}),
    created_by: inviter.label,
    created_by_id: inviter._id,
    updated_by: inviter._id,
    created_at: now,
    updated_at: now,
  };
  const { rev } = await ctx.store.put(db, membership);
  try {
    await ctx.store.put(USERS_DB, {
      _id: inviteId(membership._id),
      klass: 'Invite',
      email,
      db_name: db,
      membership_id: membership._id,
    } satisfies InviteDoc);
  } catch (error) {
    await ctx.store.remove(db, membership._id, rev).catch(() => undefined);
    throw error;
  }
  await queueMail(ctx, {
    userId: null,
    to: email,
    template: 'invite',
    url: `${ctx.config.publicUrl}/user/profile?page=invites`,
    vars: { inviter: inviter.fullname || inviter.label, group: facts.name, email },
  });
  return { ...membership, _rev: rev };
}

/** Pending invitations for the user's addresses, with the group's name. */
export async function listInvites(ctx: AppContext, user: UserDoc): Promise<Membership[]> {
  // Only a confirmed address sees what was sent to it.
  const emails = [user.email].filter((e): e is string => Boolean(e));
  const rows = await ctx.store.view<string, null, InviteDoc>(USERS_DB, 'invites', 'by-email', {
    keys: emails,
    include_docs: true,
  });
  const found = await Promise.all(
    rows.flatMap((row) => (row.doc ? [ctx.store.get<Membership>(row.doc.db_name, row.doc.membership_id)] : [])),
  );
  return found.filter((m): m is Membership => m?.status === 'pending');
}

export async function acceptInvite(
  ctx: AppContext,
  user: UserDoc,
  db: string,
  membershipId: string,
): Promise<Membership> {
  if (!isId(db, 'acc')) throw notFound();
  const invite = await ctx.store.get<InviteDoc>(USERS_DB, inviteId(membershipId));
  // Someone else's invitation is as invisible as one that does not exist.
  if (!invite || invite.db_name !== db || (invite.email !== user.email && invite.email !== user.unconfirmed_email)) {
    throw new HttpError(404, GROUP_MESSAGES.membershipNotFound);
  }
  if (!user.confirmed_at || invite.email !== user.email) throw forbidden(GROUP_MESSAGES.needsConfirmedEmail);
  checkGroupLimit(user);
  const membership = await getMembership(ctx, db, membershipId);
  if (membership.status !== 'pending') throw conflict();
  const accepted: Membership = {
    ...membership,
    status: 'accepted',
    user_id: user._id,
    user: memberSummary(user),
    updated_by: user._id,
    updated_at: ctx.now().toISOString(),
  };
  const { rev } = await ctx.store.put(db, accepted);
  const saved = { ...accepted, _rev: rev };
  try {
    await putMembershipCopy(ctx, saved);
    await setGroupRole(ctx, user._id, db, true);
    if (saved.admin) await syncAdmins(ctx, db);
  } catch (error) {
    await setGroupRole(ctx, user._id, db, false).catch(() => undefined);
    await deleteMembershipCopy(ctx, user._id, membershipId).catch(() => undefined);
    await ctx.store.put(db, { ...membership, _rev: rev }).catch(() => undefined);
    throw error;
  }
  if (invite._rev) await ctx.store.remove(USERS_DB, invite._id, invite._rev).catch(() => undefined);
  return saved;
}

export async function updateMembership(
  ctx: AppContext,
  actor: UserDoc,
  db: string,
  membershipId: string,
  input: Record<string, unknown>,
  rev: unknown,
): Promise<Membership> {
  await requireAdmin(ctx, db, actor);
  const membership = await getMembership(ctx, db, membershipId);
  if (rev !== undefined && rev !== membership._rev) throw conflict();
  const next = {
    editor: input.editor === undefined ? membership.editor : flag(input.editor),
    admin: input.admin === undefined ? membership.admin : flag(input.admin),
    report_view: input.report_view === undefined ? membership.report_view : flag(input.report_view),
  };
  const facts = await groupFacts(ctx, db);
  const refusal = membershipChangeRefusal(actor._id, membership, next, facts);
  if (refusal) throw forbidden(refusal);
  const updated = { ...membership, ...next, updated_by: actor._id, updated_at: ctx.now().toISOString() };
  const result = await ctx.store.put(db, updated);
  const saved = { ...updated, _rev: result.rev };
  await putMembershipCopy(ctx, saved);
  if (next.admin !== membership.admin) await syncAdmins(ctx, db);
  return saved;
}

export async function removeMembership(
  ctx: AppContext,
  actor: UserDoc,
  db: string,
  membershipId: string,
  rev: unknown,
): Promise<void> {
  await requireAdmin(ctx, db, actor);
  const membership = await getMembership(ctx, db, membershipId);
  if (rev !== undefined && rev !== membership._rev) throw conflict();
  const facts = await groupFacts(ctx, db);
  const refusal = membershipChangeRefusal(actor._id, membership, null, facts);
  if (refusal) throw forbidden(refusal);
  // Access goes first: from the next request on, the member reaches nothing of the group.
  if (membership.user_id) await setGroupRole(ctx, membership.user_id, db, false);
  await ctx.store.remove(db, membership._id, membership._rev!);
  if (membership.user_id) {
    await deleteMembershipCopy(ctx, membership.user_id, membership._id);
    if (membership.admin) await syncAdmins(ctx, db);
  } else {
    const invite = await ctx.store.get(USERS_DB, inviteId(membership._id));
    if (invite?._rev) await ctx.store.remove(USERS_DB, invite._id, invite._rev);
  }
}
