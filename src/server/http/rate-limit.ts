// Fixed-window counters per key. They live in each instance's memory: behind a load balancer the
// effective limit is per instance, which still stops password guessing and mail flooding.
import type { Request, RequestHandler, Response } from 'express';
import { MESSAGES } from '../../domain/errors.ts';
import type { RateLimit } from '../config.ts';
import { HttpError } from './http-error.ts';

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: RateLimit;
  constructor(limit: RateLimit) {
    this.limit = limit;
  }

  /** Counts one attempt for `key`; 429 with `Retry-After` once the window is full. */
  hit(key: string, res: Response): void {
    const now = Date.now();
    if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > this.limit.max) {
      res.setHeader('Retry-After', String(Math.ceil((w.resetAt - now) / 1000)));
      throw new HttpError(429, MESSAGES.tooManyRequests);
    }
  }
}

/** `limit`: a limiter of its own, or one shared with another route that does the same work. */
export function rateLimit(limit: RateLimit | RateLimiter, key: (req: Request) => string): RequestHandler {
  const limiter = limit instanceof RateLimiter ? limit : new RateLimiter(limit);
  return (req, res, next) => {
    try {
      limiter.hit(key(req), res);
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const byIp = (req: Request) => req.ip ?? 'unknown';
