// Accounts: sign-up, credentials, profile, e-mail confirmation and password reset.
// Users live in the server's `moneta-users` database; an `email:<address>` document claims each
// address, so two sign-ups racing for one address cannot both win (the store refuses the second).
import { validatePasswordChange, validateProfileUpdate, validateRegistration } from '../../domain/account-forms';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors';
import { isId, newId } from '../../domain/ids';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locale';
import {
  confirmationExpired,
  normalizeEmail,
  passwordResetExpired,
  PUBLIC_USER_FIELDS,
  type PublicUser,
} from '../../domain/user';
import { type AppContext, USERS_DB } from '../context';
import { conflict, forbidden, HttpError, unauthorized, unprocessable } from '../http/http-error';
import { type CouchDoc, isConflict } from '../store/couch-client';
import type { MailTemplate } from './mail';
import { hashPassword, newSecret, sameHash, sha256, verifyPassword } from './passwords';
import { createPersonalDatabase, deletePersonalDatabase, readPersonalLocale } from './personal-db';

export interface UserDoc extends CouchDoc, Omit<PublicUser, '_rev'> {
  klass: 'User';
  password_hash?: string;
  session_version: number;
  confirmation_token_hash?: string | null;
  reset_password_token_hash?: string | null;
  reset_password_sent_at?: string | null;
}

interface EmailClaim extends CouchDoc {
  klass: 'EmailClaim';
  user_id: string;
}

export function publicUser(user: UserDoc, fields?: readonly string[]): Partial<PublicUser> {
  const wanted = PUBLIC_USER_FIELDS.filter((f) => !fields || fields.length === 0 || fields.includes(f));
  return Object.fromEntries(wanted.map((f) => [f, user[f] ?? null])) as Partial<PublicUser>;
}

const claimId = (email: string) => `email:${normalizeEmail(email)}`;

export function getUser(ctx: AppContext, id: string): Promise<UserDoc | null> {
  return isId(id, 'usr') ? ctx.store.get<UserDoc>(USERS_DB, id) : Promise.resolve(null);
}

async function userByEmail(ctx: AppContext, email: string): Promise<UserDoc | null> {
  const claim = await ctx.store.get<EmailClaim>(USERS_DB, claimId(email));
  return claim ? getUser(ctx, claim.user_id) : null;
}

/** Claims an address for a user; false when someone else holds it. */
async function claimEmail(ctx: AppContext, email: string, userId: string): Promise<boolean> {
  try {
    await ctx.store.put(USERS_DB, { _id: claimId(email), klass: 'EmailClaim', user_id: userId });
    return true;
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await ctx.store.get<EmailClaim>(USERS_DB, claimId(email));
    return existing?.user_id === userId;
  }
}

async function releaseEmail(ctx: AppContext, email: string | null | undefined, userId: string): Promise<void> {
  if (!email) return;
  const claim = await ctx.store.get<EmailClaim>(USERS_DB, claimId(email));
  if (claim?.user_id === userId && claim._rev) await ctx.store.remove(USERS_DB, claim._id, claim._rev);
}

function derivedNames(fullname: string, email: string): Pick<UserDoc, 'short_name' | 'label' | 'gravatar_hash'> {
  const name = fullname.trim();
  return {
    short_name: name.split(/\s+/)[0] ?? '',
    label: name || email,
    // Gravatar accepts SHA-256 of the trimmed, lower-cased address.
    gravatar_hash: sha256(normalizeEmail(email)),
  };
}

async function save(ctx: AppContext, user: UserDoc): Promise<UserDoc> {
  const updated = { ...user, updated_at: ctx.now().toISOString() };
  const { rev } = await ctx.store.put(USERS_DB, updated);
  return { ...updated, _rev: rev };
}

function link(ctx: AppContext, kind: 'confirm' | 'password', userId: string, secret: string): string {
  return `${ctx.config.publicUrl}/user/${kind}/${userId}.${secret}`;
}

/** Sends one templated e-mail in the user's language (or English for people without an account). */
export async function sendMail(
  ctx: AppContext,
  user: UserDoc | null,
  to: string,
  template: MailTemplate,
  url: string,
  vars: Record<string, string> = {},
): Promise<void> {
  const locale = user ? ((await readPersonalLocale(ctx, user._id)) ?? user.locale) : null;
  try {
    await ctx.mailer.send({
      to,
      locale,
      template,
      link: url,
      vars: {
        name: user?.fullname || to,
        email: to,
        date: ctx.now().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
        ...vars,
      },
    });
  } catch (error) {
    // The change that caused the e-mail stands; the person can ask for it again.
    ctx.config.log(`mail: could not send "${template}" to ${to}: ${(error as Error).message}`);
  }
}

const SINGLE_USE_LINKS = {
  confirm: { hash: 'confirmation_token_hash', sentAt: 'confirmation_sent_at', template: 'confirmation' },
  password: { hash: 'reset_password_token_hash', sentAt: 'reset_password_sent_at', template: 'passwordReset' },
} as const;

/** Stores the hash of a fresh secret on the user and e-mails the link that carries it. */
async function mailSingleUseLink(
  ctx: AppContext,
  user: UserDoc,
  kind: keyof typeof SINGLE_USE_LINKS,
  to: string,
): Promise<UserDoc> {
  const { hash, sentAt, template } = SINGLE_USE_LINKS[kind];
  const secret = newSecret();
  const saved = await save(ctx, { ...user, [hash]: sha256(secret), [sentAt]: ctx.now().toISOString() });
  await sendMail(ctx, saved, to, template, link(ctx, kind, saved._id, secret));
  return saved;
}

/** Gives the user a fresh single-use confirmation link and e-mails it to the pending address. */
async function sendConfirmation(ctx: AppContext, user: UserDoc): Promise<UserDoc> {
  const to = user.unconfirmed_email;
  if (!to || !to.includes('@')) return user;
  return mailSingleUseLink(ctx, user, 'confirm', to);
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
  if (!(await claimEmail(ctx, email, id))) throw unprocessable({ unconfirmed_email: [FIELD_MESSAGES.taken] });
  const now = ctx.now().toISOString();
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
      newsletter: false,
      locale,
      roles: [id],
      password_hash: await hashPassword(input.password as string),
      session_version: 1,
      created_at: now,
      updated_at: now,
    });
    await createPersonalDatabase(ctx, id, locale);
  } catch (error) {
    // All or nothing: undo whatever part of the sign-up was written (but never a database that
    // existed before this sign-up, which is what a conflict here means).
    if (!(error instanceof HttpError)) await deletePersonalDatabase(ctx, id).catch(() => undefined);
    if (user?._rev) await ctx.store.remove(USERS_DB, id, user._rev).catch(() => undefined);
    await releaseEmail(ctx, email, id).catch(() => undefined);
    if (isConflict(error)) throw conflict();
    throw error;
  }
  return sendConfirmation(ctx, user);
}

/** Login by e-mail: the confirmed address, or the pending one of a user who never confirmed. */
export async function authenticateUser(ctx: AppContext, username: string, password: string): Promise<UserDoc> {
  const email = normalizeEmail(username);
  const user = await userByEmail(ctx, email);
  const addressOk = user && (user.email === email || (!user.confirmed_at && user.unconfirmed_email === email));
  const passwordOk = await verifyPassword(password, addressOk ? user.password_hash : undefined);
  if (!user || !addressOk || !passwordOk) throw unauthorized(MESSAGES.badCredentials);
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
  if (typeof input.unconfirmed_email === 'string') {
    const email = normalizeEmail(input.unconfirmed_email);
    if (email === user.email) {
      // Back to the confirmed address: the pending change is dropped.
      await releaseEmail(ctx, user.unconfirmed_email, user._id);
      next = { ...next, unconfirmed_email: null, confirmation_token_hash: null };
    } else if (email !== user.unconfirmed_email) {
      if (!(await claimEmail(ctx, email, user._id))) throw unprocessable({ unconfirmed_email: [FIELD_MESSAGES.taken] });
      // The confirmed address stays until the new one is confirmed; a previous pending one is let go.
      await releaseEmail(ctx, user.unconfirmed_email, user._id);
      next.unconfirmed_email = email;
      emailChanged = true;
    }
  }
  next = { ...next, ...derivedNames(next.fullname, next.email ?? next.unconfirmed_email ?? '') };
  let saved: UserDoc;
  try {
    saved = await save(ctx, next);
  } catch (error) {
    // The profile was not saved: the new address goes back to being free.
    if (emailChanged) await releaseEmail(ctx, next.unconfirmed_email, user._id).catch(() => undefined);
    throw error;
  }
  return emailChanged ? sendConfirmation(ctx, saved) : saved;
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
    reset_password_token_hash: null,
    reset_password_sent_at: null,
  });
  const to = saved.email ?? saved.unconfirmed_email;
  if (to) await sendMail(ctx, saved, to, 'passwordChanged', `${ctx.config.publicUrl}/user/password/new`);
  return saved;
}

function parseLinkToken(token: unknown): { userId: string; secret: string } | null {
  if (typeof token !== 'string') return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const userId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  return isId(userId, 'usr') && secret.length >= 20 ? { userId, secret } : null;
}

export async function requestConfirmation(ctx: AppContext, email: string): Promise<void> {
  const user = await userByEmail(ctx, email);
  if (user && user.unconfirmed_email === normalizeEmail(email)) await sendConfirmation(ctx, user);
}

export async function confirmEmail(ctx: AppContext, token: unknown): Promise<UserDoc> {
  const parsed = parseLinkToken(token);
  const user = parsed && (await getUser(ctx, parsed.userId));
  if (!parsed || !user || !user.unconfirmed_email || !sameHash(parsed.secret, user.confirmation_token_hash)) {
    throw unprocessable(MESSAGES.tokenUsed);
  }
  const previous = user.email;
  let saved: UserDoc;
  try {
    saved = await save(ctx, {
      ...user,
      email: user.unconfirmed_email,
      unconfirmed_email: null,
      confirmed_at: ctx.now().toISOString(),
      confirmation_token_hash: null,
    });
  } catch (error) {
    // Two clicks at once: the first one wins, the second sees a used token.
    if (isConflict(error)) throw unprocessable(MESSAGES.tokenUsed);
    throw error;
  }
  if (previous && previous !== saved.email) await releaseEmail(ctx, previous, user._id);
  return saved;
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const normalized = normalizeEmail(email);
  const user = await userByEmail(ctx, normalized);
  if (!user || (user.email !== normalized && user.unconfirmed_email !== normalized)) return;
  await mailSingleUseLink(ctx, user, 'password', normalized);
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
