// `/unsubscribe/<token>`, the link of `List-Unsubscribe` and of the e-mail's footer
// (services/unsubscribe.ts). POST unsubscribes, with no session and no Origin check: a mail
// client posts `List-Unsubscribe=One-Click` from its own servers (RFC 8058), and all a forged
// request could do is what the signed link already allows. GET only asks, with a form that posts
// (link scanners open every link of an e-mail, and must not unsubscribe anyone). The page after
// links to the person's preferences page, the way back in.
import { Router } from 'express';
import { DEFAULT_LOCALE, isLocale } from '../../domain/locale.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { escapeHtml, fill, mailTexts, unsubscribeTexts } from '../services/mail.ts';
import { preferencesLink, readUnsubscribeToken, unsubscribe } from '../services/unsubscribe.ts';
import { getUser } from '../services/users.ts';
import { mailPage } from './mail-page.ts';

export function unsubscribeRoutes(ctx: AppContext): Router {
  const router = Router();
  async function whoFor(token: string) {
    const named = readUnsubscribeToken(ctx, token);
    const user = named ? await getUser(ctx, named.userId) : null;
    const locale = isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
    const all = mailTexts(locale);
    return { user, locale, all, t: unsubscribeTexts(all, named?.topic) };
  }

  router.get(
    '/:token',
    asyncRoute(async (req, res) => {
      const { user, locale, t } = await whoFor(String(req.params.token));
      if (!user) return mailPage(res, 404, locale, t.title, `<p>${escapeHtml(t.invalid)}</p>`);
      mailPage(
        res,
        200,
        locale,
        t.title,
        `<p>${escapeHtml(fill(t.question, { email: user.email ?? '' }))}</p>` +
          `<form method="post"><button type="submit">${escapeHtml(t.button)}</button></form>`,
      );
    }),
  );

  router.post(
    '/:token',
    asyncRoute(async (req, res) => {
      const token = String(req.params.token);
      const { locale, all, t } = await whoFor(token);
      const user = await unsubscribe(ctx, token);
      if (!user) return mailPage(res, 404, locale, t.title, `<p>${escapeHtml(t.invalid)}</p>`);
      ctx.config.log(`mail: ${user._id} stopped the ${readUnsubscribeToken(ctx, token)?.topic ?? ''} e-mails`);
      mailPage(
        res,
        200,
        locale,
        t.title,
        `<p>${escapeHtml(fill(t.done, { email: user.email ?? '' }))}</p>` +
          `<p><a href="${escapeHtml(preferencesLink(ctx, user._id))}">${escapeHtml(all.preferences.footer)}</a></p>`,
      );
    }),
  );
  return router;
}
