// The ticket module's `/api/groups/{acc}/…` calls: a device replica claims its ticket series.
import type { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { asyncRoute } from '../../http/async-route.ts';
import { pathParam } from '../../http/path-param.ts';
import { requireWriter } from '../../http/authenticate.ts';
import { groupRouter } from '../kit.ts';
import { allocateTicketSeries } from './series.ts';

export function ticketApiRoutes(ctx: AppContext): Router {
  const router = groupRouter();
  router.post(
    '/ticket-series',
    asyncRoute(async (req, res) => {
      const auth = await requireWriter(ctx, req, res);
      res.status(201).json({ series: await allocateTicketSeries(ctx, auth.user, pathParam(req, 'db')) });
    }),
  );
  return router;
}
