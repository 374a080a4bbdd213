// E-mail through nodemailer: real SMTP when SMTP_URL is set, otherwise each message is written
// to DATA_DIR/outbox/ as an .eml file, so a person or a test can open its link.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locale.ts';
import { formatMoney } from '../../domain/money.ts';
import { numberFormat } from '../../domain/intl.ts';
import type { GroupSummary, SummaryLine } from '../../domain/weekly-summary.ts';
import type { Config } from '../config.ts';

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url));

export type MailTemplate =
  | 'confirmation'
  | 'passwordReset'
  | 'passwordChanged'
  | 'invite'
  | 'freeLimit'
  | 'paymentLink'
  | 'weeklySummary'
  | 'newsletter';

type UnsubscribeTexts = Record<'why' | 'action' | 'title' | 'question' | 'button' | 'done', string>;

type MailTexts = Record<MailTemplate, TemplateTexts> & {
  greeting: string;
  signature: string;
  /**
   * Under every e-mail a person may stop (the weekly summary): why they get it, and the way out;
   * then the words of the page its link opens (routes/unsubscribe-routes.ts).
   */
  unsubscribe: UnsubscribeTexts & { invalid: string; newsletter: UnsubscribeTexts };
  /** The footer's second link and the page it opens (routes/mail-preferences-routes.ts). */
  preferences: Record<
    'footer' | 'title' | 'intro' | 'weekly' | 'newsletter' | 'topicsLegend' | 'save' | 'saved' | 'profile',
    string
  > & { topics: Record<string, string> };
  newsletter: TemplateTexts & { why: string };
  /** A plan's name as an e-mail says it (the payment link's). */
  plans: Record<string, string>;
  summary: { sections: Record<string, string>; lines: Record<string, string> };
};
interface TemplateTexts {
  subject: string;
  body: string;
  action: string;
}

export interface MailMessage {
  to: string;
  locale: string | null | undefined;
  template: MailTemplate;
  link: string;
  vars: Record<string, string>;
  /** The weekly summary's groups, drawn between the body and the action. */
  summary?: readonly GroupSummary[];
  /** A signed link that stops this kind of e-mail (RFC 8058 one-click, and a footer link). */
  unsubscribe?: string;
  /** What the unsubscribe link stops, for the footer's words (the weekly summary when absent). */
  stops?: 'weekly_summary' | 'newsletter';
  /** The signed preferences page, the footer's second link. */
  preferences?: string;
  /** An operator's newsletter issue, already rendered from its Markdown: it is the body. */
  issue?: { html: string; text: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const texts = new Map<Locale, MailTexts>();
export function mailTexts(locale: Locale): MailTexts {
  let t = texts.get(locale);
  if (!t) {
    t = JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'mail.json'), 'utf8')) as MailTexts;
    texts.set(locale, t);
  }
  return t;
}

export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');
}

/** The unsubscribe page's and footer's words for what a link stops. */
export function unsubscribeTexts(t: MailTexts, stops: 'weekly_summary' | 'newsletter' = 'weekly_summary') {
  return stops === 'newsletter' ? { ...t.unsubscribe, ...t.unsubscribe.newsletter } : t.unsubscribe;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A day as the recipient's language writes it, in UTC (the summary's weeks are UTC days). */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

function lineText(line: SummaryLine, t: MailTexts, locale: Locale): string {
  return fill(t.summary.lines[line.text] ?? line.text, {
    count: line.count === undefined ? '' : numberFormat(locale).format(line.count),
    amount: line.amount ? formatMoney(line.amount.minor, line.amount.currency, locale) : '',
    currency: line.amount?.currency ?? '',
    label: line.label ?? '',
    date: line.date ? formatDay(line.date, locale) : '',
  });
}

// One look for every e-mail: the brand's green bar, the words, one button, the signature, and a
// footer when the e-mail can be stopped. Inline styles and a table: what mail clients keep.
const BRAND = '#0b6b5d';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function htmlSummary(groups: readonly GroupSummary[], t: MailTexts, locale: Locale, publicUrl: string): string {
  return groups
    .filter((g) => g.sections.length > 0)
    .map(
      (g) =>
        `<h2 style="margin:24px 0 8px;font-size:18px;color:${BRAND}">` +
        `<a href="${escapeHtml(`${publicUrl}/account/${g.group}`)}" style="color:${BRAND};text-decoration:none">${escapeHtml(g.name)}</a></h2>` +
        g.sections
          .map(
            (s) =>
              `<h3 style="margin:12px 0 4px;font-size:14px;color:#44524f;text-transform:uppercase;letter-spacing:.04em">${escapeHtml(t.summary.sections[s.title] ?? s.title)}</h3>` +
              `<ul style="margin:0;padding-left:20px">${s.lines.map((l) => (l.detail ? `<li style="margin:2px 0 2px 20px;list-style:circle;color:#44524f">` : `<li style="margin:6px 0 2px">`) + `${escapeHtml(lineText(l, t, locale))}</li>`).join('')}</ul>`,
          )
          .join(''),
    )
    .join('');
}

function textSummary(groups: readonly GroupSummary[], t: MailTexts, locale: Locale, publicUrl: string): string {
  return groups
    .filter((g) => g.sections.length > 0)
    .map(
      (g) =>
        `${g.name} (${publicUrl}/account/${g.group})\n` +
        g.sections
          .map(
            (s) =>
              `\n${t.summary.sections[s.title] ?? s.title}\n${s.lines.map((l) => `${l.detail ? '    - ' : '- '}${lineText(l, t, locale)}`).join('\n')}`,
          )
          .join('\n'),
    )
    .join('\n\n');
}

/** The e-mail as sent: subject, plain text and HTML from the same texts. */
export function renderMail(message: MailMessage, publicUrl = ''): { subject: string; text: string; html: string } {
  const locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE;
  const t = mailTexts(locale);
  const tpl = t[message.template];
  const greeting = fill(t.greeting, message.vars);
  const body = fill(tpl.body, message.vars);
  const action = fill(tpl.action, message.vars);
  const summary = message.summary ?? [];
  const stop = unsubscribeTexts(t, message.stops);
  const why = message.stops === 'newsletter' ? fill(t.newsletter.why, message.vars) : stop.why;
  const textParts = [greeting, message.issue ? message.issue.text.trim() : body];
  if (summary.length > 0) textParts.push(textSummary(summary, t, locale, publicUrl));
  textParts.push(`${action}: ${message.link}`, t.signature);
  if (message.unsubscribe) {
    const lines = [`--`, why, `${stop.action}: ${message.unsubscribe}`];
    if (message.preferences) lines.push(`${t.preferences.footer}: ${message.preferences}`);
    textParts.push(lines.join('\n'));
  }
  const footerLink = (href: string, words: string) =>
    `<a href="${escapeHtml(href)}" style="color:#6b7874">${escapeHtml(words)}</a>`;
  const footer = message.unsubscribe
    ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7874">${escapeHtml(why)} ` +
      footerLink(message.unsubscribe, stop.action) +
      (message.preferences ? ` · ${footerLink(message.preferences, t.preferences.footer)}` : '') +
      `</p>`
    : '';
  // The operator's Markdown, rendered by the newsletter command (markdown-it, no raw HTML): its
  // own headings, lists and links, in the same card.
  const bodyHtml = message.issue
    ? `<div style="margin:0 0 12px">${message.issue.html}</div>`
    : `<p style="margin:0 0 12px">${escapeHtml(body)}</p>`;
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(fill(tpl.subject, message.vars))}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f7f6;${FONT};color:#1d2624">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f7f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${BRAND};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:600">Moneta</td></tr>` +
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5">` +
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>${bodyHtml}` +
    htmlSummary(summary, t, locale, publicUrl) +
    `<p style="margin:24px 0"><a href="${escapeHtml(message.link)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(action)}</a></p>` +
    `<p style="margin:0">${escapeHtml(t.signature)}</p>${footer}` +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject: fill(tpl.subject, message.vars), text: `${textParts.join('\n\n')}\n`, html };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom' | 'log' | 'publicUrl'>): Mailer {
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const rendered = renderMail(message, config.publicUrl);
      // RFC 8058: the link itself, and that a POST to it is the whole unsubscription (no page, no session).
      const headers = message.unsubscribe
        ? { 'List-Unsubscribe': `<${message.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined;
      const info = await transport.sendMail({ from: config.mailFrom, to: message.to, headers, ...rendered });
      if (config.smtpUrl) {
        config.log(`mail: sent "${message.template}" to ${message.to} through SMTP`);
        return;
      }
      mkdirSync(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.template}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      // Without SMTP (development, a trial): the link itself, so a person follows it from the log.
      config.log(
        `mail: wrote "${message.template}" to ${message.to} in ${path.relative(process.cwd(), file)}: ${message.link}`,
      );
    },
  };
}
