// The feed reader's `/api/groups/{acc}/reader/…` calls: fetch status per subscription, the
// archive, OPML import and export. An OPML file is XML, read here after authentication with its
// own limit.
import type { Request, Router } from 'express';
import type { AppContext } from '../../context.ts';
import { asyncRoute } from '../../http/async-route.ts';
import { pathParam } from '../../http/path-param.ts';
import { requireActive, requireWriter } from '../../http/authenticate.ts';
import { MB, readRawBody } from '../../http/body.ts';
import { unprocessable } from '../../http/http-error.ts';
import { FIELD_MESSAGES } from '../../../domain/errors.ts';
import { isId } from '../../../domain/ids.ts';
import { archivedItems } from './archive.ts';
import { requireMember } from '../../services/groups.ts';
import { exportOpml, importOpml, subscriptionStatus } from './subscriptions.ts';
import { groupRouter } from '../kit.ts';

export const OPML_BODY_LIMIT = 1 * MB;

const groupOf = (req: Request) => pathParam(req, 'db');

export function readerApiRoutes(ctx: AppContext): Router {
  const router = groupRouter();
  router.get(
    '/reader/subscriptions/status',
    asyncRoute(async (req, res) => {
      const auth = await requireActive(ctx, req, res);
      await requireMember(ctx, auth.user, groupOf(req));
      res.json({ subscriptions: await subscriptionStatus(ctx, groupOf(req)) });
    }),
  );
  router.get(
    '/reader/archive',
    asyncRoute(async (req, res) => {
      const auth = await requireActive(ctx, req, res);
      await requireMember(ctx, auth.user, groupOf(req));
      const { subscription, before } = req.query;
      if (subscription !== undefined && !isId(subscription, 'rsb'))
        throw unprocessable({ subscription: [FIELD_MESSAGES.invalid] });
      if (before !== undefined && (typeof before !== 'string' || Number.isNaN(Date.parse(before))))
        throw unprocessable({ before: [FIELD_MESSAGES.invalid] });
      res.json({ items: await archivedItems(ctx, groupOf(req), { subscription, before }) });
    }),
  );
  router.post(
    '/reader/opml',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      await requireMember(ctx, auth.user, groupOf(req));
      const text = (await readRawBody(req, OPML_BODY_LIMIT, ctx.bodies)).toString('utf8');
      res.status(201).json({ ok: true, ...(await importOpml(ctx, groupOf(req), auth.user, text)) });
    }),
  );
  router.get(
    '/reader/opml',
    asyncRoute(async (req, res) => {
      const auth = await requireActive(ctx, req, res);
      await requireMember(ctx, auth.user, groupOf(req));
      const opml = await exportOpml(ctx, groupOf(req));
      res.type('text/x-opml; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="subscriptions.opml"');
      res.send(opml);
    }),
  );
  return router;
}
