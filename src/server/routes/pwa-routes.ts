// The built PWA: hashed assets cached for a year, everything else revalidated, and the SPA
// fallback to index.html for client routes. Text files go out as the brotli or gzip copy the
// build made beside them (vite.config.ts), when the browser accepts it. A visitor without a
// session cookie gets the public pages rendered ahead (src/app/prerender.tsx) in their language.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Response, type Router } from 'express';
import type { Locale } from '../../domain/locale.ts';
import type { AppContext } from '../context.ts';
import { assetHeaders, pageHeaders } from '../http/security-headers.ts';
import { readSessionCookie } from '../http/session-cookie.ts';
import { builtRenderer, publicFormRoutes } from './public-forms.ts';
import { accepted, visitorLocale } from './visitor-locale.ts';

const ASSET = /\.(js|mjs|css|map|png|jpe?g|svg|ico|json|webmanifest|txt|woff2?|html)$/;
/**
 * Build files that are never a document or a worker: an SVG or HTML file can be opened as one, and
 * a worker's script brings its own policy (`*.worker-<hash>.js`, as Vite names them).
 */
const SUBRESOURCE = /^\/assets\/(?![^/]*\.worker-)[^/]+\.(js|css|png|jpe?g|woff2?)$/;
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function cacheHeaders(res: Response, file: string): void {
  const hashed = file.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Sends `file` (inside dist), compressed if a copy the browser accepts exists. */
function sendBuilt(req: express.Request, res: Response, file: string, next: express.NextFunction): void {
  res.vary('Accept-Encoding');
  cacheHeaders(res, file);
  const accepts = accepted(req.headers['accept-encoding']);
  const encoding = ENCODINGS.find((e) => accepts.has(e.name) && existsSync(file + e.suffix));
  if (!encoding) return res.sendFile(file, (error) => error && next(error));
  // The type of the original, not of the .br/.gz file; send() keeps a type already set.
  res.type(path.extname(file));
  res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(file + encoding.suffix, (error) => error && next(error));
}

interface PrerenderedPage {
  path: string;
  locale: Locale;
  file: string;
}

function readPrerendered(dist: string): PrerenderedPage[] {
  const list = path.join(dist, 'prerendered', 'pages.json');
  return existsSync(list) ? (JSON.parse(readFileSync(list, 'utf8')) as PrerenderedPage[]) : [];
}

/** The hashes of the built pages' inline scripts, for the pages' CSP. */
function inlineScriptHashes(pages: string[]): string[] {
  const hashes = pages
    .filter((page) => existsSync(page))
    .flatMap((page) => [...readFileSync(page, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)])
    .map(([, body]) => `sha256-${createHash('sha256').update(body!).digest('base64')}`);
  return [...new Set(hashes)];
}

export function pwaRoutes(ctx: AppContext, https: boolean): Router {
  const router = express.Router();
  const dist = path.resolve(ctx.config.distDir);
  const index = path.join(dist, 'index.html');
  const prerendered = readPrerendered(dist);
  const pages = [index, ...prerendered.map((page) => path.join(dist, 'prerendered', page.file))];
  const forPages = pageHeaders(https, inlineScriptHashes(pages));
  const forAssets = assetHeaders();
  router.use((req, res, next) => (SUBRESOURCE.test(req.path) ? forAssets : forPages)(req, res, next));
  // The server's renderer (vite.config.ts) is a file of the build, never one of the site's.
  router.use('/ssr', (_req, _res, next) => next('router'));
  router.use(publicFormRoutes(ctx, builtRenderer(dist)));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = path.join(dist, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // Files of the build by their own names, nothing outside dist.
    if (!file.startsWith(dist + path.sep) || /\.(br|gz)$/.test(file) || !existsSync(file) || !ASSET.test(file))
      return next();
    sendBuilt(req, res, file, next);
  });
  router.use(
    express.static(dist, {
      index: false,
      setHeaders: cacheHeaders,
    }),
  );
  router.get('/{*path}', (req, res, next) => {
    // /app.html is the home's third address (spec 000 §2): the service worker answers it from its
    // precache, and a first visit, before the worker, must get the same page as /app.
    const route = req.path === '/app.html' ? '/app' : req.path;
    // A missing asset is a real 404, not a client route (client routes may hold dots: link tokens).
    if (ASSET.test(route) || !existsSync(index)) return next();
    // The same address answers differently with a session or in another language.
    res.vary('Cookie').vary('Accept-Language');
    const ahead = readSessionCookie(req) ? undefined : prerendered.filter((page) => page.path === route);
    if (ahead?.length) {
      const locale = visitorLocale(req);
      const page = ahead.find((p) => p.locale === locale) ?? ahead[0]!;
      return sendBuilt(req, res, path.join(dist, 'prerendered', page.file), next);
    }
    sendBuilt(req, res, index, next);
  });
  return router;
}
