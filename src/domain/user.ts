// The user as the spec's `_users` documents describe it, and the rules around e-mail confirmation.
import type { Locale } from './locale.ts';
import type { NewsletterTopic } from './newsletter.ts';

/** What a user token may do (a signed-in person may do everything their roles allow). */
export const TOKEN_PERMISSIONS = ['read', 'write'] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

export interface PublicUser {
  _id: string;
  _rev?: string;
  name: string;
  fullname: string;
  short_name: string;
  label: string;
  email: string | null;
  unconfirmed_email: string | null;
  confirmed_at: string | null;
  confirmation_sent_at: string | null;
  newsletter: boolean;
  /** The newsletter's topics the person chose (spec 001 §3), in the list's order. */
  newsletter_topics?: NewsletterTopic[];
  /** False once the person stopped the weekly summary; absent (null when read) means they get it. */
  weekly_summary?: boolean;
  locale: Locale;
  gravatar_hash: string;
  roles: string[];
  created_at: string;
  updated_at: string;
}

/** The fields of a user anyone may read about themself (`GET /_users/{name}`). */
export const PUBLIC_USER_FIELDS = [
  '_id',
  '_rev',
  'name',
  'fullname',
  'short_name',
  'label',
  'email',
  'unconfirmed_email',
  'confirmed_at',
  'confirmation_sent_at',
  'newsletter',
  'newsletter_topics',
  'weekly_summary',
  'locale',
  'gravatar_hash',
  'roles',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof PublicUser>;

export interface UserContext {
  name: string | null;
  roles: string[];
}

export const CONFIRMATION_WINDOW_DAYS = 30;
export const PASSWORD_RESET_HOURS = 24;
export const PASSWORD_MIN_LENGTH = 8;

const DAY_MS = 24 * 60 * 60 * 1000;

type ConfirmationFields = Pick<
  PublicUser,
  'confirmed_at' | 'unconfirmed_email' | 'confirmation_sent_at' | 'created_at'
>;

/** Unconfirmed when never confirmed, or when a new address waits for confirmation (spec 000 §4). */
export function isUnconfirmed(user: Pick<PublicUser, 'confirmed_at' | 'unconfirmed_email'>): boolean {
  return !user.confirmed_at || Boolean(user.unconfirmed_email);
}

/**
 * Days left in the 30-day window of a never-confirmed user, as the banner says them; null once
 * confirmed. Under two days it is one (spec 000: singular wording under 2 days left): rounding up
 * read 1.5 days as "2 days left" on the last day but one.
 */
export function confirmationDaysLeft(user: ConfirmationFields, now: Date): number | null {
  if (user.confirmed_at) return null;
  const start = Date.parse(user.confirmation_sent_at ?? user.created_at);
  const left = (start + CONFIRMATION_WINDOW_DAYS * DAY_MS - now.getTime()) / DAY_MS;
  if (left <= 0) return 0;
  return left < 2 ? 1 : Math.ceil(left);
}

/** A never-confirmed user loses access 30 days after the confirmation was sent. */
export function confirmationExpired(user: ConfirmationFields, now: Date): boolean {
  return confirmationDaysLeft(user, now) === 0;
}

export function passwordResetExpired(sentAt: string | null | undefined, now: Date): boolean {
  if (!sentAt) return true;
  return now.getTime() - Date.parse(sentAt) > PASSWORD_RESET_HOURS * 60 * 60 * 1000;
}

/** Up to two initials for the offline avatar fallback. */
export function initials(fullname: string | null | undefined, email?: string | null): string {
  const words = (fullname ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (email ?? '?').slice(0, 1).toUpperCase();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Group databases the user belongs to (roles starting with `acc-`), without the personal one. */
export function groupRoles(roles: readonly string[]): string[] {
  return roles.filter((role) => role.startsWith('acc-'));
}
