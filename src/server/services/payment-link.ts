// The payment-edit link (spec 000 §1, §4): an administrator of a paying group asks to change its
// payment details; the provider prepares a page for it, which can take a while, so the answer is
// 202 at once and a job asks the provider and e-mails the link to whoever asked ("if the payment
// link takes too long, the user may close the window and will be e-mailed"). The job retries with
// the queue's back-off when the provider fails; the e-mail is its own job (users.ts `mail`), so a
// failed SMTP send never asks the provider twice.
import type { RequestHandler } from 'express';
import { planOf } from '../../domain/billing.ts';
import { isLocale, DEFAULT_LOCALE } from '../../domain/locale.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { requireWriter } from '../http/authenticate.ts';
import { forbidden, unprocessable } from '../http/http-error.ts';
import { pathParam } from '../http/path-param.ts';
import { requireBilling } from './billing.ts';
import { requireMember, readSettings } from './groups.ts';
import type { JobQueue } from './jobs.ts';
import { mailTexts } from './mail.ts';
import { getUser, queueMail } from './users.ts';

export const PAYMENT_LINK_JOB = 'billing-payment-link';
export const NO_SUBSCRIPTION = 'This Group has no subscription whose payment details could change';

/** `POST /api/groups/{acc}/payment-link`: queued for the administrator asking; 202 `{ok, queued}`. */
export function paymentLinkRoute(ctx: AppContext): RequestHandler {
  return asyncRoute(async (req, res) => {
    const auth = await requireWriter(ctx, req, res);
    const db = pathParam(req, 'db');
    if (!(await requireMember(ctx, auth.user, db)).admin) throw forbidden();
    requireBilling(ctx);
    const settings = await readSettings(ctx, db);
    const subscription = settings.platform_subscription_id;
    if (typeof subscription !== 'string' || !subscription) throw unprocessable(NO_SUBSCRIPTION);
    await ctx.jobs.enqueue(PAYMENT_LINK_JOB, { db, user_id: auth.user._id });
    res.status(202).json({ ok: true, queued: true });
  });
}

export function registerPaymentLinkJobs(jobs: JobQueue): void {
  jobs.register(PAYMENT_LINK_JOB, async (ctx, { db, user_id }) => {
    const group = String(db);
    const [settings, user] = await Promise.all([readSettings(ctx, group), getUser(ctx, String(user_id))]);
    const subscription = settings.platform_subscription_id;
    // Gone meanwhile (the person, their address, the subscription): nothing to send.
    if (!user?.email || typeof subscription !== 'string' || !subscription) return;
    const provider = ctx.config.billing?.provider;
    if (!provider?.paymentMethodLink) throw new Error('the payment provider gives no payment-method link');
    const url = await provider.paymentMethodLink(subscription);
    const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    const plan = planOf(settings);
    await queueMail(ctx, {
      userId: user._id,
      to: user.email,
      template: 'paymentLink',
      url,
      vars: { group: String(settings.name ?? ''), plan: mailTexts(locale).plans[plan] ?? plan },
    });
  });
}
