// Fixed-window counters per key. They live in each instance's memory: behind a load balancer the
// effective limit is per instance, which still stops password guessing and mail flooding.
import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '../../domain/errors';
import type { RateLimit } from '../config';

export function rateLimit(limit: RateLimit, key: (req: Request) => string): RequestHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (req, res, next) => {
    const now = Date.now();
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    const k = key(req);
    let w = windows.get(k);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(k, w);
    }
    w.count++;
    if (w.count > limit.max) {
      res.setHeader('Retry-After', String(Math.ceil((w.resetAt - now) / 1000)));
      res.status(429).json({ error: 'too_many_requests', reason: MESSAGES.tooManyRequests });
      return;
    }
    next();
  };
}

export const byIp = (req: Request) => req.ip ?? 'unknown';
