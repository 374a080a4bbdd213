// Accounts: sign-up, credentials, profile, e-mail confirmation and password reset.
// Users live in the server's `moneta-users` database. A confirmed address is claimed by an
// `email:<address>` document, so two confirmations racing for one address cannot both win (the
// store refuses the second). A pending, unverified address claims nothing: it blocks no one's
// sign-up, sees no invitations and receives no password reset; a `pending:<address>:<user>`
// document only lets a never-confirmed user sign in with it and ask for the link again.
// E-mails leave the request path through the job queue (jobs.ts), so a request answers alike in
// time whether or not an address has an account.
import {
  MAX_PASSWORD,
  validatePasswordChange,
  validateProfileUpdate,
  validateRegistration,
} from '../../domain/account-forms.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { readMailPreferences } from '../../domain/newsletter.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locale.ts';
import {
  confirmationExpired,
  normalizeEmail,
  passwordResetExpired,
  PUBLIC_USER_FIELDS,
  type PublicUser,
} from '../../domain/user.ts';
import { type AppContext, USERS_DB } from '../context.ts';
import { conflict, forbidden, HttpError, unauthorized, unprocessable } from '../http/http-error.ts';
import { type CouchDoc, isConflict } from '../store/couch-client.ts';
import type { MailTemplate } from './mail.ts';
import { hashPassword, newSecret, sameHash, sha256, verifyPassword } from './passwords.ts';
import type { JobQueue } from './jobs.ts';
import { createPersonalDatabase, deletePersonalDatabase } from './personal-db.ts';

export interface UserDoc extends CouchDoc, Omit<PublicUser, '_rev'> {
  klass: 'User';
  password_hash?: string;
  session_version: number;
  /** Sessions ended by logout, kept until they would have expired anyway. */
  ended_sessions?: Array<{ sid: string; exp: number }>;
  confirmation_token_hash?: string | null;
  reset_password_token_hash?: string | null;
  reset_password_sent_at?: string | null;
  /** The confirmed address a newer one replaced, and when: told of a password change for a while. */
  previous_email?: string | null;
  email_changed_at?: string | null;
}

interface EmailClaim extends CouchDoc {
  klass: 'EmailClaim';
  user_id: string;
}

interface PendingEmail extends CouchDoc {
  klass: 'PendingEmail';
  user_id: string;
  email: string;
}

export function publicUser(user: UserDoc, fields?: readonly string[]): Partial<PublicUser> {
  const wanted = PUBLIC_USER_FIELDS.filter((f) => !fields || fields.length === 0 || fields.includes(f));
  return Object.fromEntries(wanted.map((f) => [f, user[f] ?? null])) as Partial<PublicUser>;
}

const claimId = (email: string) => `email:${normalizeEmail(email)}`;
const pendingPrefix = (email: string) => `pending:${normalizeEmail(email)}:`;
/** More never-confirmed accounts than this on one address are not tried at login. */
const MAX_PENDING_CANDIDATES = 10;

export function getUser(ctx: AppContext, id: string): Promise<UserDoc | null> {
  return isId(id, 'usr') ? ctx.store.get<UserDoc>(USERS_DB, id) : Promise.resolve(null);
}

/** The user whose confirmed address this is (a claim left by a sign-up that never confirmed is not one). */
async function userByEmail(ctx: AppContext, email: string): Promise<UserDoc | null> {
  const claim = await ctx.store.get<EmailClaim>(USERS_DB, claimId(email));
  const user = claim ? await getUser(ctx, claim.user_id) : null;
  return user?.email === normalizeEmail(email) ? user : null;
}

/** Never-confirmed users waiting on this address, newest first. */
async function usersPendingOn(ctx: AppContext, email: string): Promise<UserDoc[]> {
  const prefix = pendingPrefix(email);
  const res = await ctx.store.must<{ rows: Array<{ doc?: PendingEmail }> }>(`/${USERS_DB}/_all_docs`, {
    query: {
      startkey: JSON.stringify(prefix),
      endkey: JSON.stringify(`${prefix}\ufff0`),
      include_docs: true,
      limit: MAX_PENDING_CANDIDATES,
    },
  });
  const users = await Promise.all(res.rows.map((r) => (r.doc ? getUser(ctx, r.doc.user_id) : null)));
  return users
    .filter((u): u is UserDoc => Boolean(u) && u!.unconfirmed_email === normalizeEmail(email))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

async function notePending(ctx: AppContext, email: string, userId: string): Promise<void> {
  const doc: PendingEmail = { _id: `${pendingPrefix(email)}${userId}`, klass: 'PendingEmail', user_id: userId, email };
  try {
    await ctx.store.put(USERS_DB, doc);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

async function dropPending(ctx: AppContext, email: string | null | undefined, userId: string): Promise<void> {
  if (!email) return;
  const id = `${pendingPrefix(email)}${userId}`;
  const doc = await ctx.store.get(USERS_DB, id);
  if (doc?._rev) await ctx.store.remove(USERS_DB, id, doc._rev).catch(() => undefined);
}

/** True when someone other than `userId` has confirmed this address. */
async function takenByAnother(ctx: AppContext, email: string, userId: string): Promise<boolean> {
  const owner = await userByEmail(ctx, email);
  return Boolean(owner && owner._id !== userId);
}

/** Claims a confirmed address for a user; false when someone else confirmed it first. */
async function claimEmail(ctx: AppContext, email: string, userId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await ctx.store.get<EmailClaim>(USERS_DB, claimId(email));
    if (existing?.user_id === userId) return true;
    if (existing && (await userByEmail(ctx, email))) return false;
    try {
      // A claim whose user never confirmed the address (written before pending addresses stopped
      // claiming anything) is taken over.
      await ctx.store.put(USERS_DB, {
        _id: claimId(email),
        klass: 'EmailClaim',
        user_id: userId,
        ...(existing?._rev ? { _rev: existing._rev } : {}),
      });
      return true;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  return false;
}

async function releaseEmail(ctx: AppContext, email: string | null | undefined, userId: string): Promise<void> {
  if (!email) return;
  const claim = await ctx.store.get<EmailClaim>(USERS_DB, claimId(email));
  if (claim?.user_id === userId && claim._rev) await ctx.store.remove(USERS_DB, claim._id, claim._rev);
}

/** Logged-out sessions remembered per user; past this, logging out ends all of that user's sessions. */
const MAX_ENDED_SESSIONS = 100;

export function isSessionEnded(user: UserDoc, sid: string): boolean {
  return (user.ended_sessions ?? []).some((s) => s.sid === sid);
}

/** Ends one session (logout) on every instance, leaving the person's other devices signed in. */
export async function endSession(
  ctx: AppContext,
  userId: string,
  session: { sid: string; exp: number },
): Promise<void> {
  if (!isId(userId, 'usr')) return;
  await ctx.store
    .update<UserDoc>(USERS_DB, userId, (user) => {
      if (!user || isSessionEnded(user, session.sid)) return null;
      const now = ctx.now().getTime();
      const kept = (user.ended_sessions ?? []).filter((s) => s.exp > now);
      const next: Partial<UserDoc> =
        kept.length >= MAX_ENDED_SESSIONS
          ? { session_version: (user.session_version ?? 1) + 1, ended_sessions: [] }
          : { ended_sessions: [...kept, { sid: session.sid, exp: session.exp }] };
      return stamped(ctx, { ...user, ...next });
    })
    .catch((error: unknown) => {
      throw isConflict(error) ? conflict() : error;
    });
}

/** The language the user picked last in the app (their personal `locale` setting), kept for e-mails. */
export async function noteLocale(ctx: AppContext, userId: string, locale: Locale): Promise<void> {
  if (!isId(userId, 'usr')) return;
  await ctx.store
    .update<UserDoc>(USERS_DB, userId, (user) =>
      !user || user.locale === locale ? null : stamped(ctx, { ...user, locale }),
    )
    .catch((error: unknown) => {
      if (!isConflict(error)) throw error;
    });
}

/**
 * Once per start: claims written for addresses that were never confirmed (before pending addresses
 * stopped claiming anything) become pending notes, so they block nobody and still let their user in.
 */
export async function migratePendingClaims(ctx: AppContext): Promise<number> {
  const res = await ctx.store.must<{ rows: Array<{ doc?: EmailClaim }> }>(`/${USERS_DB}/_all_docs`, {
    query: { startkey: JSON.stringify('email:'), endkey: JSON.stringify('email:\ufff0'), include_docs: true },
  });
  let moved = 0;
  for (const claim of res.rows.map((r) => r.doc).filter((d): d is EmailClaim => Boolean(d))) {
    const email = claim._id.slice('email:'.length);
    const user = await getUser(ctx, claim.user_id);
    if (user?.email === email) continue;
    if (user && user.unconfirmed_email === email) await notePending(ctx, email, user._id);
    await ctx.store.remove(USERS_DB, claim._id, claim._rev!).catch(() => undefined);
    moved++;
  }
  return moved;
}

function derivedNames(fullname: string, email: string): Pick<UserDoc, 'short_name' | 'label' | 'gravatar_hash'> {
  const name = fullname.trim();
  return {
    short_name: name.split(/\s+/)[0] ?? '',
    label: name || email,
    // Kept for API clients (spec 000 §3); the app itself shows initials and asks no third party.
    gravatar_hash: sha256(normalizeEmail(email)),
  };
}

/** A user document as written: with the time of the change. */
function stamped(ctx: AppContext, user: UserDoc): UserDoc {
  return { ...user, updated_at: ctx.now().toISOString() };
}

async function save(ctx: AppContext, user: UserDoc): Promise<UserDoc> {
  const updated = stamped(ctx, user);
  const { rev } = await ctx.store.put(USERS_DB, updated);
  return { ...updated, _rev: rev };
}

function link(ctx: AppContext, kind: 'confirm' | 'password', userId: string, secret: string): string {
  return `${ctx.config.publicUrl}/user/${kind}/${userId}.${secret}`;
}

/**
 * Sends one templated e-mail in the user's language (or English for people without an account).
 * Runs inside a job: a failure (the mail server away) is retried by the queue with back-off.
 */
async function sendMail(
  ctx: AppContext,
  user: UserDoc | null,
  to: string,
  template: MailTemplate,
  url: string,
  vars: Record<string, string> = {},
): Promise<void> {
  // The user's language is kept on their user document (see noteLocale): no view is read here.
  await ctx.mailer.send({
    to,
    locale: user?.locale ?? null,
    template,
    link: url,
    vars: {
      name: user?.fullname || to,
      email: to,
      date: ctx.now().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      ...vars,
    },
  });
}

const SINGLE_USE_LINKS = {
  confirm: { hash: 'confirmation_token_hash', sentAt: 'confirmation_sent_at', template: 'confirmation' },
  password: { hash: 'reset_password_token_hash', sentAt: 'reset_password_sent_at', template: 'passwordReset' },
} as const;

/**
 * A fresh single-use link: the fields to save on the user (the secret's hash, when it was sent)
 * and the link itself, which only the e-mail carries.
 */
function singleUseLink(ctx: AppContext, userId: string, kind: keyof typeof SINGLE_USE_LINKS) {
  const { hash, sentAt } = SINGLE_USE_LINKS[kind];
  const secret = newSecret();
  return {
    fields: { [hash]: sha256(secret), [sentAt]: ctx.now().toISOString() } as Partial<UserDoc>,
    url: link(ctx, kind, userId, secret),
  };
}

/** Stores a fresh link on the user and e-mails it (run inside a job, never in a request). */
async function mailSingleUseLink(ctx: AppContext, user: UserDoc, kind: keyof typeof SINGLE_USE_LINKS, to: string) {
  const { fields, url } = singleUseLink(ctx, user._id, kind);
  const saved = await save(ctx, { ...user, ...fields });
  await sendMail(ctx, saved, to, SINGLE_USE_LINKS[kind].template, url);
}

export interface MailJob {
  userId: string | null;
  to: string;
  template: MailTemplate;
  url: string;
  vars?: Record<string, string>;
}

/** Queues an e-mail; its job reads the user when it runs, for their name and language then. */
export function queueMail(ctx: AppContext, mail: MailJob): Promise<void> {
  return ctx.jobs.enqueue('mail', { ...mail });
}

/** The account jobs. */
export function registerAccountJobs(jobs: JobQueue): void {
  jobs
    .register('mail', async (ctx, payload) => {
      const mail = payload as unknown as MailJob;
      const user = mail.userId ? await getUser(ctx, mail.userId) : null;
      await sendMail(ctx, user, mail.to, mail.template, mail.url, mail.vars);
    })
    .register('confirmation-request', async (ctx, { email }) => {
      const address = normalizeEmail(String(email));
      // Someone already confirmed this address: there is nothing left to confirm with it.
      if (await userByEmail(ctx, address)) return;
      const [user] = await usersPendingOn(ctx, address);
      if (user) await mailSingleUseLink(ctx, user, 'confirm', address);
    })
    .register('password-reset-request', async (ctx, { email }) => {
      const address = normalizeEmail(String(email));
      const user = await userByEmail(ctx, address);
      if (user) await mailSingleUseLink(ctx, user, 'password', address);
    });
}

export interface RegistrationInput {
  _id?: unknown;
  fullname?: unknown;
  unconfirmed_email?: unknown;
  password?: unknown;
  locale?: unknown;
}

export async function registerUser(ctx: AppContext, input: RegistrationInput): Promise<UserDoc> {
  const errors = validateRegistration(input as Record<string, unknown>);
  if (input._id !== undefined && !isId(input._id, 'usr')) errors.add('_id', FIELD_MESSAGES.invalid);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  const id = (input._id as string | undefined) ?? newId('User');
  const email = normalizeEmail(input.unconfirmed_email as string);
  const locale: Locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const fullname = typeof input.fullname === 'string' ? input.fullname.trim() : '';

  if (await getUser(ctx, id)) throw conflict();
  // Only a confirmed address is taken; another sign-up merely waiting on it blocks nobody.
  if (await takenByAnother(ctx, email, id)) throw unprocessable({ unconfirmed_email: [FIELD_MESSAGES.taken] });
  const now = ctx.now().toISOString();
  const confirmation = singleUseLink(ctx, id, 'confirm');
  let user: UserDoc | null = null;
  try {
    user = await save(ctx, {
      _id: id,
      klass: 'User',
      name: id,
      fullname,
      ...derivedNames(fullname, email),
      email: null,
      unconfirmed_email: email,
      confirmed_at: null,
      confirmation_sent_at: null,
      ...confirmation.fields,
      newsletter: false,
      locale,
      roles: [id],
      password_hash: await hashPassword(input.password as string),
      session_version: 1,
      created_at: now,
      updated_at: now,
    });
    await createPersonalDatabase(ctx, id, locale);
    await notePending(ctx, email, id);
    await queueMail(ctx, { userId: id, to: email, template: 'confirmation', url: confirmation.url });
  } catch (error) {
    // All or nothing: undo whatever part of the sign-up was written (but never a database that
    // existed before this sign-up, which is what a conflict here means).
    if (!(error instanceof HttpError)) await deletePersonalDatabase(ctx, id).catch(() => undefined);
    if (user?._rev) await ctx.store.remove(USERS_DB, id, user._rev).catch(() => undefined);
    await dropPending(ctx, email, id).catch(() => undefined);
    if (isConflict(error)) throw conflict();
    throw error;
  }
  return user;
}

/**
 * Login by e-mail: the confirmed address, or the pending one of a user who never confirmed (as
 * long as nobody else confirmed it). Unknown addresses spend the same hashing time.
 */
export async function authenticateUser(ctx: AppContext, username: string, password: string): Promise<UserDoc> {
  const email = normalizeEmail(username);
  // Refused before hashing: a login costs no more than a sign-up, however long the password.
  if (password.length > MAX_PASSWORD) throw unauthorized(MESSAGES.badCredentials);
  // Once someone confirmed the address, it opens only their account.
  const confirmed = await userByEmail(ctx, email);
  const candidates = confirmed ? [confirmed] : (await usersPendingOn(ctx, email)).filter((u) => !u.confirmed_at);
  let user: UserDoc | null = null;
  if (candidates.length === 0) await verifyPassword(password, undefined);
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.password_hash)) {
      user = candidate;
      break;
    }
  }
  if (!user) throw unauthorized(MESSAGES.badCredentials);
  if (confirmationExpired(user, ctx.now())) throw forbidden(MESSAGES.confirmFirst);
  return user;
}

async function checkCurrentPassword(user: UserDoc, input: Record<string, unknown>): Promise<void> {
  const ok = await verifyPassword(
    typeof input.current_password === 'string' ? input.current_password : '',
    user.password_hash,
  );
  if (!ok) throw unprocessable({ current_password: [FIELD_MESSAGES.invalid] });
}

function checkRev(user: UserDoc, rev: unknown): void {
  if (rev !== undefined && rev !== user._rev) throw conflict();
}

export async function updateProfile(
  ctx: AppContext,
  user: UserDoc,
  input: Record<string, unknown>,
  rev: unknown,
): Promise<UserDoc> {
  checkRev(user, rev);
  const errors = validateProfileUpdate(input);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  await checkCurrentPassword(user, input);
  let next: UserDoc = { ...user };
  if (typeof input.fullname === 'string') next.fullname = input.fullname.trim();
  if (isLocale(input.locale)) next.locale = input.locale;
  let emailChanged = false;
  const previousPending = user.unconfirmed_email;
  if (typeof input.unconfirmed_email === 'string') {
    const email = normalizeEmail(input.unconfirmed_email);
    if (email === user.email) {
      // Back to the confirmed address: the pending change is dropped.
      next = { ...next, unconfirmed_email: null, confirmation_token_hash: null };
    } else if (email !== user.unconfirmed_email) {
      if (await takenByAnother(ctx, email, user._id))
        throw unprocessable({ unconfirmed_email: [FIELD_MESSAGES.taken] });
      // The confirmed address stays until the new one is confirmed.
      next = { ...next, unconfirmed_email: email };
      emailChanged = true;
    }
  }
  next = { ...next, ...derivedNames(next.fullname, next.email ?? next.unconfirmed_email ?? '') };
  const confirmation = emailChanged ? singleUseLink(ctx, user._id, 'confirm') : null;
  const saved = await save(ctx, { ...next, ...confirmation?.fields });
  if (previousPending && previousPending !== saved.unconfirmed_email) await dropPending(ctx, previousPending, user._id);
  if (confirmation && saved.unconfirmed_email) {
    if (!saved.confirmed_at) await notePending(ctx, saved.unconfirmed_email, user._id);
    await queueMail(ctx, {
      userId: user._id,
      to: saved.unconfirmed_email,
      template: 'confirmation',
      url: confirmation.url,
    });
  }
  return saved;
}

export async function changePassword(
  ctx: AppContext,
  user: UserDoc,
  input: Record<string, unknown>,
  rev: unknown,
): Promise<UserDoc> {
  checkRev(user, rev);
  const errors = validatePasswordChange(input, { needsCurrent: true });
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  await checkCurrentPassword(user, input);
  return setPassword(ctx, user, input.password as string);
}

async function setPassword(ctx: AppContext, user: UserDoc, password: string): Promise<UserDoc> {
  const saved = await save(ctx, {
    ...user,
    password_hash: await hashPassword(password),
    session_version: (user.session_version ?? 1) + 1,
    ended_sessions: [],
    reset_password_token_hash: null,
    reset_password_sent_at: null,
  });
  const url = `${ctx.config.publicUrl}/user/password/new`;
  for (const to of passwordChangeRecipients(saved, ctx.now()))
    await queueMail(ctx, { userId: saved._id, to, template: 'passwordChanged', url });
  return saved;
}

/** How long the address a newer one replaced is still told of password changes. */
export const PREVIOUS_ADDRESS_DAYS = 30;

/**
 * Who hears of a password change: the account's address, and the one it replaced within the
 * last 30 days. Taking an account over is changing its address then its password; the owner
 * reads only the old address.
 */
export function passwordChangeRecipients(user: UserDoc, now: Date): string[] {
  const current = user.email ?? user.unconfirmed_email;
  const changedAt = user.email_changed_at ? Date.parse(user.email_changed_at) : NaN;
  const recent = now.getTime() - changedAt <= PREVIOUS_ADDRESS_DAYS * 86_400_000;
  const previous = user.previous_email && recent && user.previous_email !== current ? user.previous_email : null;
  return [current, previous].filter((to): to is string => Boolean(to));
}

/** Sets one of the person's e-mail preferences (an unsubscribe link needs no session). */
/**
 * The e-mails a person chose (profile, preferences page, one-click unsubscribe): no password,
 * since a signed e-mailed link allows as much. Refused values are 422 with per-field reasons.
 */
export async function saveMailPreferences(
  ctx: AppContext,
  userId: string,
  input: Record<string, unknown>,
  { form = false, rev }: { form?: boolean; rev?: unknown } = {},
): Promise<UserDoc | null> {
  const { preferences, errors } = readMailPreferences(input, { form });
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  const saved = await ctx.store.update<UserDoc>(USERS_DB, userId, (current) => {
    if (!current) return null;
    checkRev(current, rev);
    return stamped(ctx, { ...current, ...preferences });
  });
  return saved ? getUser(ctx, userId) : null;
}

function parseLinkToken(token: unknown): { userId: string; secret: string } | null {
  if (typeof token !== 'string') return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const userId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  return isId(userId, 'usr') && secret.length >= 20 ? { userId, secret } : null;
}

/** Queues the request: the answer neither waits on the store's lookups nor tells whether the address is known. */
export async function requestConfirmation(ctx: AppContext, email: string): Promise<void> {
  await ctx.jobs.enqueue('confirmation-request', { email: normalizeEmail(email) });
}

export async function confirmEmail(ctx: AppContext, token: unknown): Promise<UserDoc> {
  const parsed = parseLinkToken(token);
  const user = parsed && (await getUser(ctx, parsed.userId));
  if (!parsed || !user || !user.unconfirmed_email || !sameHash(parsed.secret, user.confirmation_token_hash)) {
    throw unprocessable(MESSAGES.tokenUsed);
  }
  const email = user.unconfirmed_email;
  // Confirming is what claims the address; someone who confirmed it first keeps it.
  if (!(await claimEmail(ctx, email, user._id))) throw unprocessable({ unconfirmed_email: [FIELD_MESSAGES.taken] });
  const previous = user.email;
  let saved: UserDoc;
  try {
    saved = await save(ctx, {
      ...user,
      email,
      unconfirmed_email: null,
      confirmed_at: ctx.now().toISOString(),
      confirmation_token_hash: null,
      ...(previous && previous !== email
        ? { previous_email: previous, email_changed_at: ctx.now().toISOString() }
        : {}),
    });
  } catch (error) {
    if (previous !== email) await releaseEmail(ctx, email, user._id).catch(() => undefined);
    // Two clicks at once: the first one wins, the second sees a used token.
    if (isConflict(error)) throw unprocessable(MESSAGES.tokenUsed);
    throw error;
  }
  await dropPending(ctx, email, user._id);
  if (previous && previous !== saved.email) await releaseEmail(ctx, previous, user._id);
  return saved;
}

/** Queued like requestConfirmation; the link goes only to a confirmed address. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await ctx.jobs.enqueue('password-reset-request', { email: normalizeEmail(email) });
}

export async function resetPassword(ctx: AppContext, input: Record<string, unknown>): Promise<UserDoc> {
  const errors = validatePasswordChange(input, { needsCurrent: false });
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  const parsed = parseLinkToken(input.token);
  const user = parsed && (await getUser(ctx, parsed.userId));
  if (
    !parsed ||
    !user ||
    !sameHash(parsed.secret, user.reset_password_token_hash) ||
    passwordResetExpired(user.reset_password_sent_at, ctx.now())
  ) {
    throw unprocessable(MESSAGES.tokenUsed);
  }
  try {
    return await setPassword(ctx, user, input.password as string);
  } catch (error) {
    if (isConflict(error)) throw unprocessable(MESSAGES.tokenUsed);
    throw error;
  }
}
