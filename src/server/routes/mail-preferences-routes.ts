// `/email-preferences/<token>`: the page the footer of every e-mail a person may stop links to
// (services/unsubscribe.ts signs it), where they choose the weekly summary, the newsletter and its
// topics (spec 001 §2, §3) without signing in, and come back after an unsubscribe. A plain HTML
// form the server draws and reads, so it works with scripts off as with them on; posts must come
// from our own page (sameOriginWrites, as the public forms), and a changed or made-up token is 404.
import express, { type Request, type Response, Router } from 'express';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locale.ts';
import { NEWSLETTER_TOPICS } from '../../domain/newsletter.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { sameOriginWrites } from '../http/same-origin.ts';
import { escapeHtml, fill, mailTexts } from '../services/mail.ts';
import { readPreferencesToken } from '../services/unsubscribe.ts';
import { getUser, saveMailPreferences, type UserDoc } from '../services/users.ts';
import { mailPage } from './mail-page.ts';

const FORM_LIMITS = { limit: '4kb', parameterLimit: 20, extended: false } as const;

function checkbox(name: string, value: string | null, checked: boolean, words: string): string {
  return (
    `<label><input type="checkbox" name="${name}"${value ? ` value="${value}"` : ''}${checked ? ' checked' : ''}>` +
    `<span>${escapeHtml(words)}</span></label>`
  );
}

/** The page's form as the person's choices stand (exported for the previews). */
export function preferencesForm(
  user: Pick<UserDoc, 'email' | 'unconfirmed_email' | 'newsletter' | 'newsletter_topics' | 'weekly_summary'>,
  locale: Locale,
  saved: boolean,
): string {
  const t = mailTexts(locale).preferences;
  const topics = new Set(user.newsletter_topics ?? []);
  return (
    (saved ? `<p class="saved" role="status">${escapeHtml(t.saved)}</p>` : '') +
    `<p>${escapeHtml(fill(t.intro, { email: user.email ?? user.unconfirmed_email ?? '' }))}</p>` +
    `<form method="post">` +
    checkbox('weekly_summary', null, user.weekly_summary !== false, t.weekly) +
    checkbox('newsletter', null, user.newsletter === true, t.newsletter) +
    `<fieldset><legend>${escapeHtml(t.topicsLegend)}</legend>` +
    NEWSLETTER_TOPICS.map((topic) =>
      checkbox('newsletter_topics', topic, topics.has(topic), t.topics[topic] ?? topic),
    ).join('') +
    `</fieldset><button type="submit">${escapeHtml(t.save)}</button></form>` +
    `<p style="font-size:13px;color:#6b7874">${escapeHtml(t.profile)}</p>`
  );
}

export function mailPreferencesRoutes(ctx: AppContext): Router {
  const router = Router();
  async function whoFor(req: Request) {
    const userId = readPreferencesToken(ctx, String(req.params.token));
    const user = userId ? await getUser(ctx, userId) : null;
    return { user, locale: isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE };
  }
  const invalid = (res: Response, locale: Locale) => {
    const t = mailTexts(locale);
    mailPage(res, 404, locale, t.preferences.title, `<p>${escapeHtml(t.unsubscribe.invalid)}</p>`);
  };

  router.get(
    '/:token',
    asyncRoute(async (req, res) => {
      const { user, locale } = await whoFor(req);
      if (!user) return invalid(res, locale);
      const t = mailTexts(locale).preferences;
      mailPage(res, 200, locale, t.title, preferencesForm(user, locale, req.query.saved === '1'));
    }),
  );

  router.post(
    '/:token',
    sameOriginWrites(ctx.config.publicUrl),
    express.urlencoded(FORM_LIMITS),
    asyncRoute(async (req, res) => {
      const { user, locale } = await whoFor(req);
      if (!user) return invalid(res, locale);
      const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
      await saveMailPreferences(ctx, user._id, body, { form: true });
      // Post, then redirect: a reload shows the page again instead of posting twice.
      res.redirect(303, `${req.baseUrl}/${String(req.params.token)}?saved=1`);
    }),
  );
  return router;
}
