// `/db/`, `/db/_session` and `/db/_users`: the account calls of spec 000 §7.
import { type Response, Router } from 'express';
import { validateLogin } from '../../domain/account-forms';
import { MESSAGES } from '../../domain/errors';
import type { AppContext } from '../context';
import { asyncRoute } from '../http/async-route';
import { isSecure, requireAuth, requirePerson } from '../http/authenticate';
import { badRequest, forbidden, notFound } from '../http/http-error';
import { byIp, rateLimit } from '../http/rate-limit';
import { clearSessionCookie, newClaims, setSessionCookie } from '../http/session-cookie';
import {
  authenticateUser,
  changePassword,
  publicUser,
  registerUser,
  updateProfile,
  type UserDoc,
} from '../services/users';

function startSession(ctx: AppContext, res: Response, user: UserDoc, remember: boolean): void {
  setSessionCookie(
    res,
    newClaims(user._id, user.session_version, remember, ctx.now().getTime()),
    ctx.sessionSecret,
    isSecure(ctx),
  );
}

export function sessionRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = ctx.config.rateLimits;

  router.get('/', (_req, res) => {
    res.json({
      couchdb: 'Welcome',
      vendor: { name: 'Moneta', version: ctx.version.version },
      version: ctx.version.version,
      sha: ctx.version.sha,
      docs: '/api/docs',
      notifications_url: ctx.config.notificationsUrl ? '/api/notifications' : null,
      host_modules: ctx.config.hostModules,
    });
  });

  router.get(
    '/_session',
    asyncRoute(async (req, res) => {
      const auth = await requireAuth(ctx, req, res);
      res.json({
        ok: true,
        userCtx: { name: auth.user._id, roles: auth.user.roles },
        info: { authenticated: auth.via },
      });
    }),
  );

  router.post(
    '/_session',
    rateLimit(
      limits.login,
      (req) => `${byIp(req)}:${String((req.body as Record<string, unknown>)?.username ?? '').toLowerCase()}`,
    ),
    asyncRoute(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (!validateLogin(body)) throw badRequest(MESSAGES.missingCredentials);
      const user = await authenticateUser(ctx, String(body.username ?? body.name), String(body.password));
      startSession(ctx, res, user, body.remember === true || body.remember === 'true');
      res.json({ ok: true, name: user._id, roles: user.roles });
    }),
  );

  router.delete('/_session', (_req, res) => {
    clearSessionCookie(res, isSecure(ctx));
    res.json({ ok: true });
  });

  router.post(
    '/_users',
    rateLimit(limits.register, byIp),
    asyncRoute(async (req, res) => {
      const user = await registerUser(ctx, (req.body ?? {}) as Record<string, unknown>);
      startSession(ctx, res, user, false);
      res.status(201).json({ ok: true, id: user._id, rev: user._rev });
    }),
  );

  router.get(
    '/_users/:id',
    asyncRoute(async (req, res) => {
      const auth = await requireAuth(ctx, req, res);
      if (req.params.id !== auth.user._id) throw forbidden();
      const fields =
        typeof req.query.fields === 'string' ? req.query.fields.split(',').map((f) => f.trim()) : undefined;
      res.json(publicUser(auth.user, fields));
    }),
  );

  router.put(
    '/_users/:id',
    asyncRoute(async (req, res) => {
      const auth = await requirePerson(ctx, req, res);
      if (req.params.id !== auth.user._id) throw forbidden();
      const body = (req.body ?? {}) as Record<string, unknown>;
      const rev = req.query.rev ?? body._rev;
      const changingPassword = body.password !== undefined;
      const user = changingPassword
        ? await changePassword(ctx, auth.user, body, rev)
        : await updateProfile(ctx, auth.user, body, rev);
      // A new password ends every other session; this one continues with the new version.
      if (changingPassword) startSession(ctx, res, user, auth.claims?.rem ?? false);
      res.json({ ok: true, id: user._id, rev: user._rev });
    }),
  );

  router.all('/_users', (_req, _res, next) => next(forbidden()));
  router.all(
    ['/_all_dbs', '/_config*', '/_replicate', '/_active_tasks', '/_uuids', '/_utils*', '/_node*'],
    (_req, _res, next) => next(forbidden()),
  );
  router.all('/_users/:id', (_req, _res, next) => next(notFound()));
  return router;
}
