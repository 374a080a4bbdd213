// Who is calling: a signed session cookie, or a bearer user token. The user document is read on
// every request, so roles, revoked tokens and password changes take effect on the next request.
import type { Request, Response } from 'express';
import { MESSAGES } from '../../domain/errors';
import type { Actor, TokenPermission } from '../../domain/permissions';
import { confirmationExpired } from '../../domain/user';
import type { AppContext } from '../context';
import { resolveToken } from '../services/tokens';
import { getUser, type UserDoc } from '../services/users';
import { forbidden, unauthorized } from './http-error';
import {
  clearSessionCookie,
  decodeSession,
  needsRenewal,
  newClaims,
  readSessionCookie,
  type SessionClaims,
  setSessionCookie,
} from './session-cookie';

export interface Auth {
  user: UserDoc;
  actor: Actor;
  via: 'cookie' | 'bearer';
  claims?: SessionClaims;
  /** A never-confirmed user past the 30-day window: signed in, but kept away from data. */
  blocked: boolean;
}

const AUTH = Symbol('auth');
type WithAuth = Request & { [AUTH]?: Auth | null };

export function isSecure(ctx: AppContext): boolean {
  return ctx.config.publicUrl.startsWith('https:');
}

function actorOf(user: UserDoc, permission: 'full' | TokenPermission): Actor {
  return { name: user._id, roles: user.roles ?? [], permission };
}

async function resolve(ctx: AppContext, req: Request, res: Response): Promise<Auth | null> {
  const header = req.headers.authorization;
  const now = ctx.now();
  if (header?.startsWith('Bearer ')) {
    const found = await resolveToken(ctx, header.slice(7).trim());
    if (!found) throw unauthorized(MESSAGES.invalidOrNotSet);
    return {
      user: found.user,
      actor: actorOf(found.user, found.permission),
      via: 'bearer',
      blocked: confirmationExpired(found.user, now),
    };
  }
  const cookie = readSessionCookie(req);
  if (!cookie) return null;
  const claims = decodeSession(cookie, ctx.sessionSecret, now.getTime());
  const user = claims && (await getUser(ctx, claims.sub));
  if (!claims || !user || user.session_version !== claims.sv) {
    clearSessionCookie(res, isSecure(ctx));
    return null;
  }
  if (needsRenewal(claims, now.getTime())) {
    setSessionCookie(
      res,
      newClaims(user._id, user.session_version, claims.rem, now.getTime()),
      ctx.sessionSecret,
      isSecure(ctx),
    );
  }
  return { user, actor: actorOf(user, 'full'), via: 'cookie', claims, blocked: confirmationExpired(user, now) };
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
