// `/db/`, `/db/_session`, `/db/_users` and `/db/accounts/{id}`: the server-level calls of spec 000
// §7, reached through the door of db-routes.ts once it has parsed and classified the path.
import type { Request, Response } from 'express';
import { validateLogin } from '../../domain/account-forms.ts';
import { MESSAGES } from '../../domain/errors.ts';
import { onlyMailPreferences } from '../../domain/newsletter.ts';
import type { AppContext } from '../context.ts';
import {
  currentAuth,
  isSecure,
  readCredentials,
  requireActive,
  requireAuth,
  requirePerson,
} from '../http/authenticate.ts';
import { asObject, readJsonBody } from '../http/body.ts';
import { badRequest, forbidden, notFound } from '../http/http-error.ts';
import { byIp } from '../http/rate-limit.ts';
import { clearSessionCookie, decodeSession, newClaims, setSessionCookie } from '../http/session-cookie.ts';
import type { DbRequest } from '../proxy/endpoints.ts';
import { accountLimiters, loginKey } from './account-limits.ts';
import { BODY_LIMITS } from '../proxy/bodies.ts';
import { findPrices } from '../services/billing.ts';
import { readAccount } from '../services/groups.ts';
import {
  authenticateUser,
  changePassword,
  endSession,
  publicUser,
  registerUser,
  saveMailPreferences,
  updateProfile,
  type UserDoc,
} from '../services/users.ts';

export function startSession(ctx: AppContext, res: Response, user: UserDoc, remember: boolean): void {
  setSessionCookie(
    res,
    newClaims(user._id, user.session_version, remember, ctx.now().getTime()),
    ctx.sessionSecret,
    isSecure(ctx),
  );
}

function fieldsParam(params: URLSearchParams): string[] | undefined {
  const fields = params.get('fields');
  return fields ? fields.split(',').map((f) => f.trim()) : undefined;
}

type ServerEndpoint = Extract<DbRequest['endpoint'], { area: 'server' }>;
type Handler = (req: Request, res: Response, request: DbRequest, endpoint: ServerEndpoint) => Promise<void>;

export function serverEndpoints(ctx: AppContext): Record<ServerEndpoint['kind'], Handler> {
  const { logins, signUps } = accountLimiters(ctx);
  const body = async (req: Request, kind: ServerEndpoint['kind']) =>
    asObject(await readJsonBody(req, BODY_LIMITS[kind], ctx.bodies));

  return {
    async root(_req, res) {
      res.json({
        couchdb: 'Welcome',
        vendor: { name: 'Moneta', version: ctx.version.version },
        version: ctx.version.version,
        sha: ctx.version.sha,
        docs: '/api/docs',
        notifications_url: ctx.config.notificationsUrl ? '/api/notifications' : null,
        host_modules: ctx.config.hostModules,
      });
    },

    async session(req, res, { method }) {
      if (method === 'GET') {
        // As CouchDB: a visitor (or a cookie that no longer opens anything, now cleared) reads an
        // anonymous userCtx with 200, so the public pages' session check is not an error in the
        // console. A bearer token that does not open anything is still a 401.
        const auth = await currentAuth(ctx, req, res);
        res.json({
          ok: true,
          userCtx: auth ? { name: auth.user._id, roles: auth.user.roles } : { name: null, roles: [] },
          info: auth ? { authenticated: auth.via } : {},
        });
        return;
      }
      if (method === 'DELETE') {
        // Ends this session on the server too: the same cookie, replayed, no longer opens anything.
        const credentials = readCredentials(req);
        const claims =
          credentials?.via === 'cookie'
            ? decodeSession(credentials.value, ctx.sessionSecret, ctx.now().getTime())
            : null;
        if (claims) await endSession(ctx, claims.sub, claims);
        clearSessionCookie(res, isSecure(ctx));
        res.json({ ok: true });
        return;
      }
      const input = await body(req, 'session');
      const username = typeof (input.username ?? input.name) === 'string' ? String(input.username ?? input.name) : '';
      logins.hit(loginKey(byIp(req), username), res);
      if (!validateLogin(input)) throw badRequest(MESSAGES.missingCredentials);
      const user = await authenticateUser(ctx, username, String(input.password));
      startSession(ctx, res, user, input.remember === true || input.remember === 'true');
      res.json({ ok: true, name: user._id, roles: user.roles });
    },

    async users(req, res) {
      signUps.hit(byIp(req), res);
      const user = await registerUser(ctx, await body(req, 'users'));
      startSession(ctx, res, user, false);
      res.status(201).json({ ok: true, id: user._id, rev: user._rev });
    },

    async user(req, res, { method, params }, endpoint) {
      const id = endpoint.kind === 'user' ? endpoint.id : '';
      if (method === 'GET' || method === 'HEAD') {
        const auth = await requireAuth(ctx, req, res);
        if (id !== auth.user._id) throw forbidden();
        res.json(publicUser(auth.user, fieldsParam(params)));
        return;
      }
      const auth = await requirePerson(ctx, req, res);
      if (id !== auth.user._id) throw forbidden();
      const input = await body(req, 'user');
      const rev = params.get('rev') ?? input._rev;
      if (onlyMailPreferences(input)) {
        const saved = await saveMailPreferences(ctx, auth.user._id, input, { rev });
        res.json({ ok: true, id: auth.user._id, rev: saved?._rev });
        return;
      }
      const changingPassword = input.password !== undefined;
      const user = changingPassword
        ? await changePassword(ctx, auth.user, input, rev)
        : await updateProfile(ctx, auth.user, input, rev);
      // A new password ends every other session; this one continues with the new version.
      if (changingPassword) startSession(ctx, res, user, auth.claims?.rem ?? false);
      res.json({ ok: true, id: user._id, rev: user._rev });
    },

    async prices(req, res) {
      await requireActive(ctx, req, res);
      res.json(await findPrices(ctx, await body(req, 'prices')));
    },

    async account(req, res, { params }, endpoint) {
      const auth = await requireActive(ctx, req, res);
      if (endpoint.kind !== 'account') throw notFound();
      res.json(await readAccount(ctx, endpoint.id, auth.user, fieldsParam(params)));
    },
  };
}
