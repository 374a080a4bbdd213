// Requests that change something must come from our own pages or from a program that is not a
// browser. A browser names the page's origin on every such request (`Origin`, and `Sec-Fetch-Site`
// in current ones); another site's form or script is refused, so it can neither sign a visitor
// into someone else's account nor act with their cookie. Programs (curl, API clients with a
// token) send neither header and pass.
import type { RequestHandler } from 'express';
import { MESSAGES } from '../../domain/errors.ts';
import { forbidden } from './http-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const fromOurPage =
      origin === undefined || origin === publicOrigin || origin === `${req.protocol}://${req.headers.host ?? ''}`;
    if (site === 'cross-site' || !fromOurPage) return next(forbidden(MESSAGES.crossSite));
    next();
  };
}
