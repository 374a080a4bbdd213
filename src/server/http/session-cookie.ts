// Stateless sessions: the cookie carries signed claims, so any instance can verify it and a
// restart logs nobody out. `sv` is the user's session version: changing the password bumps it,
// which ends every other session at once. `sid` names this one session, so logging out can end it
// alone (the user document lists the ended ones until they would have expired anyway).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

export const SESSION_COOKIE = 'moneta_session';
export const SESSION_HOURS = 12;
export const REMEMBER_DAYS = 30;

export interface SessionClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
  rem: boolean;
  sv: number;
}

/** Separates the keys of a `SESSION_SECRET` list (keys are 32+ characters without commas). */
export const SESSION_KEY_SEPARATOR = ',';

/**
 * The keys a session secret holds, newest first. A list lets the key be rotated without ending
 * every session: put a new key first, and cookies signed with the older ones keep opening until
 * the old key is taken out of the list.
 */
export function sessionKeys(secret: string): string[] {
  return secret
    .split(SESSION_KEY_SEPARATOR)
    .map((key) => key.trim())
    .filter(Boolean);
}

function sign(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

function signedBy(payload: string, signature: string, key: string): boolean {
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Signed with the newest key of `secret`. */
export function encodeSession(claims: SessionClaims, secret: string): string {
  const [newest] = sessionKeys(secret);
  if (!newest) throw new Error('no session key to sign with');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, newest)}`;
}

/** The claims of a cookie signed with any key of `secret`, still in their lifetime; else null. */
export function decodeSession(value: string, secret: string, now: number): SessionClaims | null {
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!sessionKeys(secret).some((key) => signedBy(payload, signature, key))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as SessionClaims;
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.sid !== 'string' ||
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number' ||
      claims.exp <= now
    )
      return null;
    return claims;
  } catch {
    return null;
  }
}

export function newClaims(userId: string, sessionVersion: number, remember: boolean, now: number): SessionClaims {
  const lifetime = remember ? REMEMBER_DAYS * 24 * 3600_000 : SESSION_HOURS * 3600_000;
  const sid = randomBytes(16).toString('base64url');
  return { sub: userId, sid, iat: now, exp: now + lifetime, rem: remember, sv: sessionVersion };
}

/** The same session, renewed: same id, a fresh lifetime. */
export function renewedClaims(claims: SessionClaims, now: number): SessionClaims {
  return { ...newClaims(claims.sub, claims.sv, claims.rem, now), sid: claims.sid };
}

/** Past half its life, a session is renewed on use, so active people are not logged out. */
export function needsRenewal(claims: SessionClaims, now: number): boolean {
  return now - claims.iat > (claims.exp - claims.iat) / 2;
}

/** A cookie's value; when a browser sends the name twice, the first (the most specific path) counts. */
export function readCookie(req: Request, wanted: string): string | null {
  const header = req.headers.cookie;
  return header ? (parse(header)[wanted] ?? null) : null;
}

export function readSessionCookie(req: Request): string | null {
  return readCookie(req, SESSION_COOKIE);
}

function cookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
}

export function setSessionCookie(res: Response, claims: SessionClaims, secret: string, secure: boolean): void {
  res.cookie(SESSION_COOKIE, encodeSession(claims, secret), {
    ...cookieOptions(secure),
    // Without "remember me" the cookie dies with the browser session; the claims still expire.
    ...(claims.rem ? { maxAge: claims.exp - claims.iat } : {}),
  });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(secure));
}
