// Groups and memberships: `/api/groups…` and `/api/invites`. The CouchDB-shaped calls of the spec
// that change memberships come through the `/db` door (db-proxy.ts) to the same services. Each
// module's own calls under a group (`/api/groups/{acc}/…`) are its routes (src/server/modules).
import { type Request, Router } from 'express';
import { validateEmailRequest } from '../../domain/account-forms.ts';
import { normalizeEmail } from '../../domain/user.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { pathParam } from '../http/path-param.ts';
import { requireActive, requireWriter } from '../http/authenticate.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { createGroup, createSubGroup } from '../services/groups.ts';
import { systemNotifications } from '../services/notifications.ts';
import { inviteMember, listInvites } from '../services/memberships.ts';

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

export function groupApiRoutes(ctx: AppContext): Router {
  const router = Router();
  // Each invitation e-mails text its sender chose: bounded per sender and per address invited.
  const invitesBySender = new RateLimiter(ctx.config.rateLimits.invitesBySender);
  const invitesByAddress = new RateLimiter(ctx.config.rateLimits.invitesByAddress);
  router.post(
    '/groups',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      res.status(201).json({ ok: true, ...(await createGroup(ctx, auth.user, body(req))) });
    }),
  );
  router.post(
    '/groups/:db/subgroups',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      res.status(201).json({ ok: true, ...(await createSubGroup(ctx, auth.user, pathParam(req, 'db'), body(req))) });
    }),
  );
  router.post(
    '/groups/:db/memberships',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      const input = body(req);
      invitesBySender.hit(auth.user._id, res);
      if (!validateEmailRequest(input).hasErrors) invitesByAddress.hit(normalizeEmail(String(input.email)), res);
      res.status(201).json(await inviteMember(ctx, auth.user, pathParam(req, 'db'), input));
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
  return router;
}
