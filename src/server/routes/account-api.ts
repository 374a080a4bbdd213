// `/api/confirmation`, `/api/password` and `/api/tokens`: the account operations the spec leaves "not shown".
import { type Request, Router } from 'express';
import { validateEmailRequest } from '../../domain/account-forms.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { pathParam } from '../http/path-param.ts';
import { requirePerson } from '../http/authenticate.ts';
import { unprocessable } from '../http/http-error.ts';
import { byIp, rateLimit } from '../http/rate-limit.ts';
import { createToken, deactivateToken, listTokens } from '../services/tokens.ts';
import { confirmEmail, requestConfirmation, requestPasswordReset, resetPassword } from '../services/users.ts';
import { accountLimiters, addressKey, linkKey } from './account-limits.ts';

function emailFrom(body: unknown): string {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors = validateEmailRequest(input);
  if (errors.hasErrors) throw unprocessable(errors.reasons);
  return String(input.email);
}

const byAddress = (req: { body?: unknown }) => addressKey((req.body as { email?: unknown } | undefined)?.email);
const byLink = (req: Pick<Request, 'params' | 'body'>) =>
  linkKey(pathParam(req, 'token') || (req.body as { token?: unknown } | undefined)?.token);

export function accountApiRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = accountLimiters(ctx);
  const perNetwork = rateLimit(limits.mailsByNetwork, byIp);

  // Both requests answer the same whether or not the address has an account.
  router.post(
    '/confirmation',
    perNetwork,
    rateLimit(limits.confirmations, byAddress),
    asyncRoute(async (req, res) => {
      await requestConfirmation(ctx, emailFrom(req.body));
      res.status(202).json({ ok: true });
    }),
  );

  router.post(
    '/confirmation/:token',
    perNetwork,
    rateLimit(limits.confirmations, byLink),
    asyncRoute(async (req, res) => {
      const user = await confirmEmail(ctx, pathParam(req, 'token'));
      res.json({ ok: true, email: user.email });
    }),
  );

  router.post(
    '/password',
    perNetwork,
    rateLimit(limits.passwords, byAddress),
    asyncRoute(async (req, res) => {
      await requestPasswordReset(ctx, emailFrom(req.body));
      res.status(202).json({ ok: true });
    }),
  );

  router.put(
    '/password',
    perNetwork,
    rateLimit(limits.passwords, byLink),
    asyncRoute(async (req, res) => {
      await resetPassword(ctx, (req.body ?? {}) as Record<string, unknown>);
      res.json({ ok: true });
    }),
  );

  router.get(
    '/tokens',
    asyncRoute(async (req, res) => {
      const auth = await requirePerson(ctx, req, res);
      res.json({ tokens: await listTokens(ctx, auth.user) });
    }),
  );

  router.post(
    '/tokens',
    asyncRoute(async (req, res) => {
      const auth = await requirePerson(ctx, req, res);
      res.status(201).json(await createToken(ctx, auth.user, (req.body ?? {}) as Record<string, unknown>));
    }),
  );

  router.delete(
    '/tokens/:id',
    asyncRoute(async (req, res) => {
      const auth = await requirePerson(ctx, req, res);
      await deactivateToken(ctx, auth.user, pathParam(req, 'id'));
      res.json({ ok: true });
    }),
  );

  return router;
}
