// Stateless sessions: the cookie carries signed claims, so any instance can verify it and a
// restart logs nobody out. `sv` is the user's session version: changing the password bumps it,
// which ends every other session at once. `sid` names this one session, so logging out can end it
// alone (the user document lists the ended ones until they would have expired anyway).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeSession(claims: SessionClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export function decodeSession(value: string, secret: string, now: number): SessionClaims | null {
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
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

/** A cookie's raw value: ours are base64url, dots and locale names, nothing to decode. */
export function readCookie(req: Request, wanted: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) return rest.join('=');
  }
  return null;
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
