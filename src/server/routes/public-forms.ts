// The public pages' forms as plain HTML forms: posted before the app's code has taken the page
// over (a slow phone, Enter pressed early, a script that failed to load) or without scripts at
// all. Each route does what the app's call does (the same services, checks and rate limits as the
// JSON routes), then signs in and redirects, or draws the page again with what happened: the
// fields' messages, the refusal, or what was done, in the visitor's language. Pages with a token
// in their address (the e-mailed links) are drawn here for visitors too, since no build can.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Request, type Response, Router } from 'express';
import {
  validateEmailRequest,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
} from '../../domain/account-forms.ts';
import { MESSAGES } from '../../domain/errors.ts';
import { type PageRenderer, type PostedForm, SECRET_FIELDS } from '../../domain/posted-form.ts';
import type { AppContext } from '../context.ts';
import { asyncRoute } from '../http/async-route.ts';
import { pathParam } from '../http/path-param.ts';
import { badRequest, errorEnvelope, notFound, unprocessable } from '../http/http-error.ts';
import { byIp } from '../http/rate-limit.ts';
import { sameOriginWrites } from '../http/same-origin.ts';
import { readSessionCookie } from '../http/session-cookie.ts';
import {
  authenticateUser,
  confirmEmail,
  requestConfirmation,
  requestPasswordReset,
  registerUser,
  resetPassword,
} from '../services/users.ts';
import { accountLimiters, addressKey, linkKey, loginKey } from './account-limits.ts';
import { startSession } from './session-routes.ts';
import { visitorLocale } from './visitor-locale.ts';

/** A form's fields are few and short: past these, the post is refused before any work. */
const FORM_LIMITS = { limit: '16kb', parameterLimit: 20 } as const;

/** The renderer the build left in `dist/ssr` (vite.config.ts), loaded on first use. */
export function builtRenderer(dist: string): () => Promise<PageRenderer | null> {
  let loading: Promise<PageRenderer | null> | undefined;
  return () =>
    (loading ??= (async () => {
      const dir = path.join(dist, 'ssr');
      const entry = path.join(dir, 'prerender.js');
      if (!existsSync(entry)) return null;
      const { createRenderer } = (await import(pathToFileURL(entry).href)) as {
        createRenderer: (resources: unknown, template: string) => Promise<PageRenderer>;
      };
      const { resources, template } = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as {
        resources: unknown;
        template: string;
      };
      return createRenderer(resources, template);
    })());
}

type Fields = Record<string, string>;
/** What a form's work did, said on the page drawn again; `undefined` once it has redirected. */
type Outcome = Record<string, string> | undefined;

function fieldsOf(body: unknown): Fields {
  const fields: Fields = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

function withoutSecrets(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !SECRET_FIELDS.has(name)));
}

function refuseInvalid(errors: { hasErrors: boolean; reasons: Parameters<typeof unprocessable>[0] }): void {
  if (errors.hasErrors) throw unprocessable(errors.reasons);
}

export function publicFormRoutes(ctx: AppContext, renderer: () => Promise<PageRenderer | null>): Router {
  const router = Router();
  const limits = accountLimiters(ctx);
  const form = express.urlencoded({ extended: false, ...FORM_LIMITS });

  async function draw(req: Request, res: Response, status: number, posted: PostedForm | null): Promise<boolean> {
    const html = await (await renderer())?.(req.path, visitorLocale(req), posted);
    if (html === null || html === undefined) return false;
    // A page drawn for one visitor, from what they sent: never kept by a cache.
    res.status(status).setHeader('Cache-Control', 'no-store').type('html').send(html);
    return true;
  }

  /** A form's route: `work` does what the app's call does, and redirects or says what it did. */
  function handle(work: (fields: Fields, req: Request, res: Response) => Promise<Outcome>) {
    return asyncRoute(async (req, res) => {
      const fields = fieldsOf(req.body);
      const posted: PostedForm = { path: req.path, values: withoutSecrets(fields) };
      let status = 200;
      try {
        const done = await work(fields, req, res);
        if (res.headersSent) return;
        posted.done = done;
      } catch (error) {
        const { status: failed, error: code, reason, retryAfter } = errorEnvelope(error, ctx.config.log);
        if (retryAfter) res.setHeader('Retry-After', retryAfter);
        status = failed;
        posted.failure = { status: failed, error: code, reason };
      }
      if (!(await draw(req, res, status, posted))) throw notFound();
    });
  }

  const signedIn = (res: Response) => void res.redirect(303, '/');
  const mailsFrom = (req: Request, res: Response) => limits.mailsByNetwork.hit(byIp(req), res);

  router.post('/user/*rest', sameOriginWrites(ctx.config.publicUrl), form);

  router.post(
    '/user/login',
    handle(async (fields, req, res) => {
      const username = fields.username ?? '';
      limits.logins.hit(loginKey(byIp(req), username), res);
      if (!validateLogin(fields)) throw badRequest(MESSAGES.missingCredentials);
      const user = await authenticateUser(ctx, username, fields.password ?? '');
      startSession(ctx, res, user, fields.remember === 'on');
      signedIn(res);
      return undefined;
    }),
  );

  router.post(
    '/user/register',
    handle(async (fields, req, res) => {
      limits.signUps.hit(byIp(req), res);
      // The page's own checks first (the confirmation, the terms), as the app makes them.
      refuseInvalid(validateRegistration({ ...fields, terms: fields.terms === 'on' }, { form: true }));
      const user = await registerUser(ctx, {
        unconfirmed_email: (fields.unconfirmed_email ?? '').trim(),
        fullname: (fields.fullname ?? '').trim(),
        password: fields.password ?? '',
        locale: visitorLocale(req),
      });
      startSession(ctx, res, user, false);
      signedIn(res);
      return undefined;
    }),
  );

  // Both answer the same whether or not the address has an account.
  for (const [page, limiter, send] of [
    ['/user/confirm/new', limits.confirmations, requestConfirmation],
    ['/user/password/new', limits.passwords, requestPasswordReset],
  ] as const) {
    router.post(
      page,
      handle(async (fields, req, res) => {
        mailsFrom(req, res);
        limiter.hit(addressKey(fields.email), res);
        refuseInvalid(validateEmailRequest(fields));
        const email = (fields.email ?? '').trim();
        await send(ctx, email);
        return { sentTo: email };
      }),
    );
  }

  router.post(
    '/user/password/:token',
    handle(async (fields, req, res) => {
      mailsFrom(req, res);
      limits.passwords.hit(linkKey(pathParam(req, 'token')), res);
      refuseInvalid(validatePasswordChange(fields, { needsCurrent: false, form: true }));
      await resetPassword(ctx, {
        token: pathParam(req, 'token'),
        password: fields.password ?? '',
        password_confirmation: fields.password_confirmation ?? '',
      });
      return { reset: 'true' };
    }),
  );

  router.post(
    '/user/confirm/:token',
    handle(async (_fields, req, res) => {
      mailsFrom(req, res);
      limits.confirmations.hit(linkKey(pathParam(req, 'token')), res);
      const user = await confirmEmail(ctx, pathParam(req, 'token'));
      return { confirmed: user.email ?? '' };
    }),
  );

  // The e-mailed links, for visitors: drawn here so that they work before (or without) scripts.
  router.get(['/user/confirm/:token', '/user/password/:token'], (req, res, next) => {
    // `new`: the request pages, built ahead (pwa-routes.ts).
    if (readSessionCookie(req) || pathParam(req, 'token') === 'new') return next();
    draw(req, res, 200, null).then((drawn) => !drawn && next(), next);
  });

  return router;
}
