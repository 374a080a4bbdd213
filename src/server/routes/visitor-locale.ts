// Which language a visitor's page is drawn in, and which encodings their browser takes.
import type { Request } from 'express';
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from '../../domain/locale.ts';
import { readCookie } from '../http/session-cookie.ts';

/** The names an Accept-Encoding or Accept-Language header allows, lower-cased (q=0 refuses one). */
export function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) names.add(name);
  }
  return names;
}

/** The language the browser will start in (src/app/i18n.ts): the one picked on this device, else its own. */
export function visitorLocale(req: Request): Locale {
  const picked = readCookie(req, LOCALE_COOKIE);
  if (isLocale(picked)) return picked;
  return defaultLocale([...accepted(req.headers['accept-language'])]);
}
