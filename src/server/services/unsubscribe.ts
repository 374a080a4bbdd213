// One-click unsubscribe (RFC 8058): every e-mail a person may stop carries a signed link,
// `PUBLIC_URL/unsubscribe/<user>.<topic>.<signature>`, in its footer and in `List-Unsubscribe`.
// A POST to it stops that kind of e-mail with no session (a mail client posts it for the person);
// a GET only shows the question, since link scanners open every link of an e-mail. The signature
// is an HMAC with a key derived from the session keys (the first signs, all verify, so rotating
// SESSION_SECRET keeps last week's links working until the old key leaves the list).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { sessionKeys } from '../http/session-cookie.ts';
import { getUser, saveMailPreferences, type UserDoc } from './users.ts';

/** What a link can stop, and the user field that says so (absent means subscribed). */
export const UNSUBSCRIBE_TOPICS = { weekly_summary: 'weekly_summary', newsletter: 'newsletter' } as const;
export type UnsubscribeTopic = keyof typeof UNSUBSCRIBE_TOPICS;

function isTopic(value: string): value is UnsubscribeTopic {
  return Object.hasOwn(UNSUBSCRIBE_TOPICS, value);
}

function signature(key: string, userId: string, topic: string): Buffer {
  // Its own purpose in the message, so no other signature made with the session keys can pass for it.
  return createHmac('sha256', key).update(`unsubscribe:${userId}:${topic}`).digest();
}

function preferencesSignature(key: string, userId: string): Buffer {
  return createHmac('sha256', key).update(`mail-preferences:${userId}`).digest();
}

function newestKey(ctx: AppContext): string {
  const [newest] = sessionKeys(ctx.sessionSecret);
  if (!newest) throw new Error('no session key to sign with');
  return newest;
}

function sameSignature(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The preferences page of a person (`PUBLIC_URL/email-preferences/<user>.<signature>`), in the
 * footer of every e-mail they may stop: it opens without signing in, like the unsubscribe link,
 * and can do no more than it (choose which of these e-mails come).
 */
export function preferencesLink(ctx: AppContext, userId: string): string {
  return `${ctx.config.publicUrl}/email-preferences/${userId}.${preferencesSignature(newestKey(ctx), userId).toString('base64url')}`;
}

/** The user a preferences link names, when one of the keys signed exactly them; otherwise null. */
export function readPreferencesToken(ctx: AppContext, token: string): string | null {
  const [userId, signed, extra] = token.split('.');
  if (!userId || !signed || extra !== undefined) return null;
  const given = Buffer.from(signed, 'base64url');
  return sessionKeys(ctx.sessionSecret).some((key) => sameSignature(preferencesSignature(key, userId), given))
    ? userId
    : null;
}

export function unsubscribeLink(ctx: AppContext, userId: string, topic: UnsubscribeTopic): string {
  return `${ctx.config.publicUrl}/unsubscribe/${userId}.${topic}.${signature(newestKey(ctx), userId, topic).toString('base64url')}`;
}

/** The user and topic a link names, when one of the keys signed exactly them; otherwise null. */
export function readUnsubscribeToken(
  ctx: AppContext,
  token: string,
): { userId: string; topic: UnsubscribeTopic } | null {
  const [userId, topic, signed, extra] = token.split('.');
  if (!userId || !topic || !signed || extra !== undefined || !isTopic(topic)) return null;
  const given = Buffer.from(signed, 'base64url');
  const valid = sessionKeys(ctx.sessionSecret).some((key) => sameSignature(signature(key, userId, topic), given));
  return valid ? { userId, topic } : null;
}

/** Stops the topic's e-mails for the user the link names; null when the link is not valid. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UserDoc | null> {
  const named = readUnsubscribeToken(ctx, token);
  if (!named) return null;
  const user = await getUser(ctx, named.userId);
  if (!user) return null;
  return saveMailPreferences(ctx, user._id, { [UNSUBSCRIBE_TOPICS[named.topic]]: false });
}

/** Whether the user still wants the weekly summary (absent means yes; the newsletter is opt-in). */
export function subscribed(user: UserDoc, topic: 'weekly_summary'): boolean {
  return user[UNSUBSCRIBE_TOPICS[topic]] !== false;
}
