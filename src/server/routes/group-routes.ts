// Groups and memberships: `/api/groups…`, `/api/invites`, and the CouchDB-shaped calls of the spec
// that change memberships (handled here, never forwarded as plain writes).
import { type Request, type Response, Router } from 'express';
import { isId } from '../../domain/ids';
import type { AppContext } from '../context';
import { asyncRoute } from '../http/async-route';
import { requireActive } from '../http/authenticate';
import { forbidden } from '../http/http-error';
import { createGroup, readAccount } from '../services/groups';
import { systemNotifications } from '../services/notifications';
import { allocateTicketSeries } from '../services/ticket-series';
import { acceptInvite, inviteMember, listInvites, removeMembership, updateMembership } from '../services/memberships';

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** Writes need a person or a token allowed to write. */
async function requireWriter(ctx: AppContext, req: Request, res: Response) {
  const auth = await requireActive(ctx, req, res);
  if (auth.actor.permission === 'read') throw forbidden();
  return auth;
}

export function groupApiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/groups',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      res.status(201).json({ ok: true, ...(await createGroup(ctx, auth.user, body(req))) });
    }),
  );
  router.post(
    '/groups/:db/memberships',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      res.status(201).json(await inviteMember(ctx, auth.user, req.params.db ?? '', body(req)));
    }),
  );
  router.get(
    '/notifications',
    asyncRoute(async (_req, res) => {
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.json(await systemNotifications(ctx));
    }),
  );
  router.get(
    '/invites',
    asyncRoute(async (req, res) => {
      const auth = await requireActive(ctx, req, res);
      res.json({ invites: await listInvites(ctx, auth.user) });
    }),
  );
  router.post(
    '/groups/:db/ticket-series',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      res.status(201).json({ series: await allocateTicketSeries(ctx, auth.user, req.params.db ?? '') });
    }),
  );
  return router;
}

export function groupDbRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/accounts/:db',
    asyncRoute(async (req, res) => {
      const auth = await requireActive(ctx, req, res);
      const fields =
        typeof req.query.fields === 'string' ? req.query.fields.split(',').map((f) => f.trim()) : undefined;
      res.json(await readAccount(ctx, req.params.db ?? '', auth.user, fields));
    }),
  );
  router.put(
    '/:db/_design/status/_update/accept/:id',
    asyncRoute(async (req, res, next) => {
      if (!isId(req.params.db, 'acc')) return next();
      const auth = await requireWriter(ctx, req, res);
      const membership = await acceptInvite(ctx, auth.user, req.params.db, req.params.id ?? '');
      res.json({ ok: true, id: membership._id, db_name: membership.db_name });
    }),
  );
  router.put(
    '/:db/:id',
    asyncRoute(async (req, res, next) => {
      if (!isId(req.params.db, 'acc') || !isId(req.params.id, 'mem')) return next();
      const auth = await requireWriter(ctx, req, res);
      const saved = await updateMembership(
        ctx,
        auth.user,
        req.params.db,
        req.params.id,
        body(req),
        req.query.rev ?? body(req)._rev,
      );
      res.json({ ok: true, id: saved._id, rev: saved._rev });
    }),
  );
  router.delete(
    '/:db/:id',
    asyncRoute(async (req, res, next) => {
      if (!isId(req.params.db, 'acc') || !isId(req.params.id, 'mem')) return next();
      const auth = await requireWriter(ctx, req, res);
      await removeMembership(ctx, auth.user, req.params.db, req.params.id, req.query.rev);
      res.json({ ok: true, id: req.params.id });
    }),
  );
  return router;
}
