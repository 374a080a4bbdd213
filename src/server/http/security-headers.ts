// Headers that keep other sites and stored content from acting on our origin (helmet). The app's
// pages get a policy they pass with: scripts only from our origin (and the build's own inline
// ones, by their hashes: the theme picked before the first paint), styles from our
// origin and the ones MUI/emotion inserts at run time, images from our origin and data/blob URLs
// (signatures, generated avatars), no framing by anyone. Answers of `/db` and `/api` carry data,
// never pages: a sandboxing policy, so even an HTML or SVG attachment cannot run as our origin,
// and `no-store`, so personal data and token secrets stay out of every cache.
import type { RequestHandler } from 'express';
import helmet from 'helmet';

const COMMON = {
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' as const },
  xFrameOptions: { action: 'deny' as const },
};

export function pageHeaders(https: boolean, inlineScriptHashes: string[] = []): RequestHandler {
  return helmet({
    ...COMMON,
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}

/**
 * What the build's hashed scripts, styles, fonts and images need: no type sniffing, no use by
 * other sites. A page's policies (CSP, framing, referrer…) act only on documents and workers, so
 * on these they would be ~800 bytes each of nothing, and a first visit fetches a hundred of them
 * over HTTP/1.1, which does not compress headers.
 */
export function assetHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    next();
  };
}

export function dataHeaders(https: boolean): RequestHandler {
  const headers = helmet({
    ...COMMON,
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], sandbox: [], frameAncestors: ["'none'"] },
    },
  });
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    headers(req, res, next);
  };
}
