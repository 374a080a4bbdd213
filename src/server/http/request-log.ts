import type { RequestHandler } from 'express';

/** One line per request: method, path (never the query string, which may hold secrets), status, time. */
export function requestLog(log: (line: string) => void): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const route = req.headers['x-route-name'];
      // Link tokens travel in paths (`/api/confirmation/usr-….<secret>`): keep their secret out.
      const path = (req.originalUrl.split('?')[0] ?? '').replace(/\.[\w-]{20,}/g, '.[redacted]');
      log(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms${route ? ` [${String(route)}]` : ''}`);
    });
    next();
  };
}
