// The one look of the pages an e-mail's signed links open (unsubscribe, preferences): drawn by
// the server for a visitor with no session and no script, in the person's language, like the
// e-mails' card.
import type { Response } from 'express';
import type { Locale } from '../../domain/locale.ts';
import { escapeHtml } from '../services/mail.ts';

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#f4f7f6;color:#1d2624;margin:0;padding:48px 16px}' +
  'main{max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px}' +
  'h1{font-size:20px;color:#0b6b5d;margin-top:0}a{color:#0b6b5d}' +
  'button{font:inherit;font-weight:600;background:#0b6b5d;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:15px;cursor:pointer}' +
  'fieldset{border:1px solid #d5dedb;border-radius:6px;margin:16px 0;padding:8px 12px}legend{font-weight:600;padding:0 4px}' +
  'label{display:flex;gap:10px;align-items:center;padding:8px 0;font-size:15px}input[type=checkbox]{width:20px;height:20px;accent-color:#0b6b5d;flex:none}' +
  '.saved{background:#e3f2ee;border-radius:6px;padding:10px 12px;color:#0b4d43}' +
  '@media (prefers-color-scheme:dark){body{background:#101615;color:#e3ebe9}main{background:#1b2322}h1,a{color:#6fd0bf}' +
  'fieldset{border-color:#33403d}.saved{background:#173a34;color:#cdeee7}button{background:#2f8f7f}}';

export function mailPageHtml(locale: Locale, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<meta name="color-scheme" content="light dark">` +
    `<title>${escapeHtml(title)} · Moneta</title><style>${STYLE}</style>` +
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

export function mailPage(res: Response, status: number, locale: Locale, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .send(mailPageHtml(locale, title, body));
}
