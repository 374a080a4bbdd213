// The counters of the account routes, one set per server: the JSON routes the app calls and the
// plain form posts of the public pages (public-forms.ts) do the same work and share them, so a
// second way in never means a second allowance of password guesses or mails.
import { normalizeEmail } from '../../domain/user.ts';
import type { AppContext } from '../context.ts';
import { RateLimiter } from '../http/rate-limit.ts';

export interface AccountLimiters {
  logins: RateLimiter;
  signUps: RateLimiter;
  /** Mails asked for from one network, across addresses. */
  mailsByNetwork: RateLimiter;
  confirmations: RateLimiter;
  passwords: RateLimiter;
}

const perServer = new WeakMap<AppContext, AccountLimiters>();

export function accountLimiters(ctx: AppContext): AccountLimiters {
  let limiters = perServer.get(ctx);
  if (!limiters) {
    const limits = ctx.config.rateLimits;
    limiters = {
      logins: new RateLimiter(limits.login),
      signUps: new RateLimiter(limits.register),
      mailsByNetwork: new RateLimiter(limits.accountMailByIp),
      confirmations: new RateLimiter(limits.confirmation),
      passwords: new RateLimiter(limits.password),
    };
    perServer.set(ctx, limiters);
  }
  return limiters;
}

/** Logins are counted per network and address as accounts are looked up: no spelling gets more tries. */
export const loginKey = (ip: string, username: string) => `${ip}:${normalizeEmail(username)}`;

/**
 * Mails are counted per address asked for (or per link used), not per network: an office's
 * technicians share one address to the world. One network still has a ceiling across addresses.
 */
export const addressKey = (email: unknown) => `address:${normalizeEmail(String(email ?? ''))}`;
export const linkKey = (token: unknown) => `link:${String(token ?? '')}`;
