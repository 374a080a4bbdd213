// E-mail through nodemailer: real SMTP when SMTP_URL is set, otherwise each message is written
// to DATA_DIR/outbox/ as an .eml file, so a person or a test can open its link.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/locale.ts';
import type { Config } from '../config.ts';

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url));

export type MailTemplate = 'confirmation' | 'passwordReset' | 'passwordChanged' | 'invite' | 'freeLimit';

interface MailTexts {
  greeting: string;
  signature: string;
  confirmation: TemplateTexts;
  passwordReset: TemplateTexts;
  passwordChanged: TemplateTexts;
  invite: TemplateTexts;
  freeLimit: TemplateTexts;
}
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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const texts = new Map<Locale, MailTexts>();
function textsFor(locale: Locale): MailTexts {
  let t = texts.get(locale);
  if (!t) {
    t = JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'mail.json'), 'utf8')) as MailTexts;
    texts.set(locale, t);
  }
  return t;
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail(message: MailMessage): { subject: string; text: string; html: string } {
  const locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE;
  const t = textsFor(locale);
  const tpl = t[message.template];
  const greeting = fill(t.greeting, message.vars);
  const body = fill(tpl.body, message.vars);
  return {
    subject: fill(tpl.subject, message.vars),
    text: `${greeting}\n\n${body}\n\n${tpl.action}: ${message.link}\n\n${t.signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(message.link)}">${escapeHtml(tpl.action)}</a></p>` +
      `<p>${escapeHtml(t.signature)}</p>`,
  };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom' | 'log'>): Mailer {
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const rendered = renderMail(message);
      const info = await transport.sendMail({ from: config.mailFrom, to: message.to, ...rendered });
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
