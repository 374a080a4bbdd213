// The built PWA: hashed assets cached for a year, everything else revalidated, and the SPA
// fallback to index.html for client routes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { AppContext } from '../context.ts';

const ASSET = /\.(js|mjs|css|map|png|jpe?g|svg|ico|json|webmanifest|txt|woff2?|html)$/;

export function pwaRoutes(ctx: AppContext): Router {
  const router = express.Router();
  const dist = ctx.config.distDir;
  const index = path.join(dist, 'index.html');
  router.use(
    express.static(dist, {
      index: false,
      setHeaders(res, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  router.get('*', (req, res, next) => {
    // A missing asset is a real 404, not a client route (client routes may hold dots: link tokens).
    if (ASSET.test(req.path) || !existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
