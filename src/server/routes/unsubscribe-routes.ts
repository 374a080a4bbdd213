// `/unsubscribe/<token>`, the link of `List-Unsubscribe` and of the e-mail's footer
// (services/unsubscribe.ts). POST unsubscribes, with no session and no Origin check: a mail
// client posts `List-Unsubscribe=One-Click` from its own servers (RFC 8058), and all a forged
// request could do is what the signed link already allows. GET only asks, with a form that posts
// (link scanners open every link of an e-mail, and must not unsubscribe anyone).
import { Router, type Response } from 'express';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locale.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { escapeHtml, fill, mailTexts } from '../services/mail.ts';
import { readUnsubscribeToken, unsubscribe } from '../services/unsubscribe.ts';
import { getUser } from '../services/users.ts';

function page(res: Response, status: number, locale: Locale, body: string): void {
  const t = mailTexts(locale).unsubscribe;
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${escapeHtml(t.title)} · Moneta</title>` +
        `<style>body{font-family:system-ui,sans-serif;background:#f4f7f6;color:#1d2624;margin:0;padding:48px 16px}` +
        `main{max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px}` +
        `h1{font-size:20px;color:#0b6b5d;margin-top:0}button{font:inherit;font-weight:600;background:#0b6b5d;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:15px;cursor:pointer}</style>` +
        `</head><body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`,
    );
}

export function unsubscribeRoutes(ctx: AppContext): Router {
  const router = Router();
  async function whoFor(token: string) {
    const named = readUnsubscribeToken(ctx, token);
    const user = named ? await getUser(ctx, named.userId) : null;
    return { user, locale: isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE };
  }

  router.get(
    '/:token',
    asyncRoute(async (req, res) => {
      const { user, locale } = await whoFor(String(req.params.token));
      const t = mailTexts(locale).unsubscribe;
      if (!user) return page(res, 404, locale, `<p>${escapeHtml(t.invalid)}</p>`);
      page(
        res,
        200,
        locale,
        `<p>${escapeHtml(fill(t.question, { email: user.email ?? '' }))}</p>` +
          `<form method="post"><button type="submit">${escapeHtml(t.button)}</button></form>`,
      );
    }),
  );

  router.post(
    '/:token',
    asyncRoute(async (req, res) => {
      const token = String(req.params.token);
      const { locale } = await whoFor(token);
      const t = mailTexts(locale).unsubscribe;
      const user = await unsubscribe(ctx, token);
      if (!user) return page(res, 404, locale, `<p>${escapeHtml(t.invalid)}</p>`);
      ctx.config.log(`mail: ${user._id} stopped the weekly summary`);
      page(res, 200, locale, `<p>${escapeHtml(fill(t.done, { email: user.email ?? '' }))}</p>`);
    }),
  );
  return router;
}
