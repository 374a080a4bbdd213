// Billing's `/api` calls (docs/billing.md): the payment provider's webhook, the checkout's
// parameters for the payment overlay, the group's usage history, and the read-only guard in front of every group route that
// writes. `POST /db/prices/_find` is a call of the `/db` door (session-routes.ts).
import { type RequestHandler, Router } from 'express';
import { checkoutVerdict } from '../../domain/billing.ts';
import { isId } from '../../domain/ids.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { currentAuth, requireActive, requireWriter } from '../http/authenticate.ts';
import { KB, readRawBody } from '../http/body.ts';
import { forbidden, unprocessable } from '../http/http-error.ts';
import { pathParam } from '../http/path-param.ts';
import { receivePaddleWebhook, requireBilling, storedPrices, writeLockOf } from '../services/billing.ts';
import { groupReach, requireMember, readSettings } from '../services/groups.ts';
import { usageHistory } from '../services/usage.ts';

/** Paddle's notifications are a few kilobytes; a subscription with many items stays far below. */
const WEBHOOK_LIMIT = 256 * KB;

/**
 * `POST /api/billing/paddle` (mounted at `/api/billing`): before any body parser and before the same-origin check
 * (the provider is no browser): the signature is over the exact bytes received.
 */
export function billingWebhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/paddle',
    asyncRoute(async (req, res) => {
      requireBilling(ctx);
      const raw = (await readRawBody(req, WEBHOOK_LIMIT, ctx.bodies)).toString('utf8');
      const signature = req.headers['paddle-signature'];
      const outcome = await receivePaddleWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
      // 200 for every verified event, applied or not: Paddle retries anything else.
      res.json({ ok: true, outcome });
    }),
  );
  return router;
}

/** `POST /api/groups/{acc}/checkout` with `{price_id}`: what the payment overlay opens with (spec 000 §5, §7). */
export function checkoutRoute(ctx: AppContext): RequestHandler {
  return asyncRoute(async (req, res) => {
    const auth = await requireWriter(ctx, req, res);
    const db = pathParam(req, 'db');
    if (!(await requireMember(ctx, auth.user, db)).admin) throw forbidden();
    const config = requireBilling(ctx);
    const priceId = (req.body as Record<string, unknown>)?.price_id;
    const settings = await readSettings(ctx, db);
    const verdict = checkoutVerdict(settings, await storedPrices(ctx), String(priceId ?? ''), config.livemode);
    if (!verdict.ok) throw unprocessable(verdict.reason);
    const customer = typeof settings.platform_customer_id === 'string' ? settings.platform_customer_id : '';
    res.json({
      price_id: verdict.price.platform_price_id,
      group_plan: verdict.price.group_plan,
      environment: config.environment,
      client_token: config.clientToken,
      customer: customer ? { id: customer } : { email: String(settings['billing-email']).trim() },
      custom_data: { account_id: db, livemode: config.livemode },
    });
  });
}

/** Methods that change nothing (PROPFIND: WebDAV's listing); DELETE is judged as a deletion. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);

/**
 * In front of every `/api/groups/{acc}/…` route: a write to a read-only group is refused (403
 * with the reason) before the route runs. Only members learn it; others meet the route's own refusal.
 */
export function groupWriteGuard(ctx: AppContext): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const db = pathParam(req, 'db');
    if (SAFE.has(req.method) || !isId(db, 'acc')) return next();
    const auth = await currentAuth(ctx, req, res);
    if (!auth || !(await groupReach(ctx, auth.user, db)).member) return next();
    const lock = await writeLockOf(ctx, db, req.method === 'DELETE');
    if (lock) throw forbidden(lock);
    next();
  });
}

/** `GET /api/groups/{acc}/usage`: the group's daily usage snapshots, to its members (spec 000 "Usage"). */
export function usageRoute(ctx: AppContext): RequestHandler {
  return asyncRoute(async (req, res) => {
    const auth = await requireActive(ctx, req, res);
    const db = pathParam(req, 'db');
    await requireMember(ctx, auth.user, db);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.json({ days: await usageHistory(ctx, db) });
  });
}
