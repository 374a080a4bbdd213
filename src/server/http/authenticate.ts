// Who is calling: a signed session cookie, or a bearer user token. The user document is read on
// every request, so roles, revoked tokens, ended sessions and password changes take effect on the
// next request; open change feeds are judged again when any of them changes (open-feeds.ts).
import type { Request, Response } from 'express';
import { MESSAGES } from '../../domain/errors.ts';
import type { Actor } from '../../domain/permissions.ts';
import type { TokenPermission } from '../../domain/user.ts';
import { confirmationExpired } from '../../domain/user.ts';
import type { AppContext } from '../context.ts';
import { resolveToken } from '../services/tokens.ts';
import { getUser, isSessionEnded, type UserDoc } from '../services/users.ts';
import { forbidden, unauthorized } from './http-error.ts';
import {
  clearSessionCookie,
  decodeSession,
  needsRenewal,
  readSessionCookie,
  renewedClaims,
  type SessionClaims,
  setSessionCookie,
} from './session-cookie.ts';

export interface Auth {
  user: UserDoc;
  actor: Actor;
  via: 'cookie' | 'bearer';
  claims?: SessionClaims;
  /** A never-confirmed user past the 30-day window: signed in, but kept away from data. */
  blocked: boolean;
}

/** What a request presents; kept by long requests (change feeds) to judge the caller again later. */
export type Credentials = { via: 'bearer'; token: string } | { via: 'cookie'; value: string };

const AUTH = Symbol('auth');
type WithAuth = Request & { [AUTH]?: Auth | null };

export function isSecure(ctx: AppContext): boolean {
  return ctx.config.publicUrl.startsWith('https:');
}

function actorOf(user: UserDoc, permission: 'full' | TokenPermission): Actor {
  return { name: user._id, roles: user.roles ?? [], permission };
}

export function readCredentials(req: Request): Credentials | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { via: 'bearer', token: header.slice(7).trim() };
  const value = readSessionCookie(req);
  return value ? { via: 'cookie', value } : null;
}

/**
 * The caller behind the credentials, or null when they no longer open anything: an unknown, revoked
 * or wrong token, a bad or expired cookie, a session ended by logout or a password change.
 */
export async function authenticate(ctx: AppContext, credentials: Credentials): Promise<Auth | null> {
  const now = ctx.now();
  if (credentials.via === 'bearer') {
    const found = await resolveToken(ctx, credentials.token);
    if (!found) return null;
    return {
      user: found.user,
      actor: actorOf(found.user, found.permission),
      via: 'bearer',
      blocked: confirmationExpired(found.user, now),
    };
  }
  const claims = decodeSession(credentials.value, ctx.sessionSecret, now.getTime());
  const user = claims && (await getUser(ctx, claims.sub));
  if (!claims || !user || user.session_version !== claims.sv || isSessionEnded(user, claims.sid)) return null;
  return { user, actor: actorOf(user, 'full'), via: 'cookie', claims, blocked: confirmationExpired(user, now) };
}

async function resolve(ctx: AppContext, req: Request, res: Response): Promise<Auth | null> {
  const credentials = readCredentials(req);
  if (!credentials) return null;
  const auth = await authenticate(ctx, credentials);
  if (credentials.via === 'bearer') {
    if (!auth) throw unauthorized(MESSAGES.invalidOrNotSet);
    return auth;
  }
  if (!auth) {
    clearSessionCookie(res, isSecure(ctx));
    return null;
  }
  const now = ctx.now().getTime();
  if (auth.claims && needsRenewal(auth.claims, now)) {
    setSessionCookie(res, renewedClaims(auth.claims, now), ctx.sessionSecret, isSecure(ctx));
  }
  return auth;
}

/** The caller, resolved once per request; null when anonymous. */
export async function currentAuth(ctx: AppContext, req: Request, res: Response): Promise<Auth | null> {
  const r = req as WithAuth;
  if (r[AUTH] === undefined) r[AUTH] = await resolve(ctx, req, res);
  return r[AUTH];
}

/** A signed-in caller, or 401. */
export async function requireAuth(ctx: AppContext, req: Request, res: Response): Promise<Auth> {
  const auth = await currentAuth(ctx, req, res);
  if (!auth) throw unauthorized();
  return auth;
}

/** A signed-in caller who still has access to data (403 once the confirmation window is over). */
export async function requireActive(ctx: AppContext, req: Request, res: Response): Promise<Auth> {
  const auth = await requireAuth(ctx, req, res);
  if (auth.blocked) throw forbidden(MESSAGES.confirmFirst);
  return auth;
}

/** The person themself, not a program holding one of their tokens. */
export async function requirePerson(ctx: AppContext, req: Request, res: Response): Promise<Auth> {
  const auth = await requireAuth(ctx, req, res);
  if (auth.via !== 'cookie') throw forbidden(MESSAGES.permissionDenied);
  return auth;
}

/** Writes need a person or a token allowed to write. */
export async function requireWriter(ctx: AppContext, req: Request, res: Response): Promise<Auth> {
  const auth = await requireActive(ctx, req, res);
  if (auth.actor.permission === 'read') throw forbidden();
  return auth;
}
