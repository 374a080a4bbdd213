// Renders every e-mail, in both languages, to HTML and to PNG with Chromium (phone and desktop
// widths) into test-results/mail/, to look at them: `node test/support/mail-previews.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { type Locale, LOCALES } from '../../src/domain/locale.ts';
import type { GroupSummary } from '../../src/domain/weekly-summary.ts';
import { mailPageHtml } from '../../src/server/routes/mail-page.ts';
import { preferencesForm } from '../../src/server/routes/mail-preferences-routes.ts';
import {
  formatDay,
  mailTexts,
  type MailMessage,
  type MailTemplate,
  renderMail,
} from '../../src/server/services/mail.ts';
import { readNewsletterIssue } from '../../src/server/services/newsletter.ts';

const OUT = path.resolve('test-results/mail');
const URL = 'https://moneta.example.com';

const SUMMARY: GroupSummary[] = [
  {
    group: 'acc-1',
    name: 'Oficina Central',
    sections: [
      { title: 'records', lines: [{ text: 'recordsAdded', count: 42 }] },
      {
        title: 'tickets',
        lines: [
          { text: 'ticketsOpened', count: 12 },
          { text: 'ticketsClosed', count: 9 },
        ],
      },
      {
        title: 'maintenances',
        lines: [
          { text: 'maintenanceDue', date: '2026-12-02', label: 'Split 12 000 BTU — Sala 3' },
          { text: 'maintenanceDue', date: '2026-12-15', label: 'Compressor 7' },
        ],
      },
    ],
  },
  {
    group: 'acc-2',
    name: 'Casa',
    sections: [
      {
        title: 'spending',
        lines: [
          { text: 'spentTotal', amount: { minor: 523_490, currency: 'BRL' }, count: 31 },
          { text: 'spentOnCategory', label: 'Aluguel', amount: { minor: 250_000, currency: 'BRL' }, detail: true },
          { text: 'spentOnCategory', label: 'Mercado', amount: { minor: 143_290, currency: 'BRL' }, detail: true },
          { text: 'spentUncategorised', amount: { minor: 30_200, currency: 'BRL' }, detail: true },
          { text: 'spentOnOthers', count: 4, amount: { minor: 100_000, currency: 'BRL' }, detail: true },
          { text: 'spentTotal', amount: { minor: 4_599, currency: 'USD' }, count: 2 },
          { text: 'spentOnCategory', label: 'Software', amount: { minor: 4_599, currency: 'USD' }, detail: true },
        ],
      },
    ],
  },
];

const MESSAGES: Record<MailTemplate, Omit<MailMessage, 'to' | 'locale' | 'template'>> = {
  confirmation: { link: `${URL}/user/confirm/usr-1.secret`, vars: { email: 'ana@example.com' } },
  passwordReset: { link: `${URL}/user/password/usr-1.secret`, vars: {} },
  passwordChanged: { link: `${URL}/user/password/new`, vars: { date: '2026-11-27 15:40 UTC' } },
  invite: {
    link: `${URL}/user/invites`,
    vars: { inviter: 'Bruno', group: 'Oficina Central', email: 'ana@example.com' },
  },
  freeLimit: { link: `${URL}/account/acc-1/billing`, vars: { group: 'Oficina Central', deadline: '2026-12-27' } },
  paymentLink: { link: `${URL}/account/acc-1/checkout/pro`, vars: { group: 'Oficina Central', plan: 'Pro' } },
  weeklySummary: {
    link: URL,
    vars: {},
    summary: SUMMARY,
    unsubscribe: `${URL}/unsubscribe/usr-1.weekly_summary.signature`,
    preferences: `${URL}/email-preferences/usr-1.signature`,
  },
  newsletter: {
    link: URL,
    vars: {},
    unsubscribe: `${URL}/unsubscribe/usr-1.newsletter.signature`,
    stops: 'newsletter',
    preferences: `${URL}/email-preferences/usr-1.signature`,
  },
};

/** A sample issue per language, through the command's own reading and rendering. */
const ISSUE_DIR = path.join(OUT, 'issue-2026-12');
mkdirSync(ISSUE_DIR, { recursive: true });
writeFileSync(
  path.join(ISSUE_DIR, 'en.md'),
  '---\ntopic: ticket_app\nsubject: "December: ticket board, faster receipts"\n---\n' +
    '## What is new\n\nThe **ticket board** now groups tickets by technician, and receipts print in half the time.\n\n' +
    '- Drag a ticket to reassign it\n- Filter by equipment\n- Print two copies on one A4\n\n' +
    'Read the details in the [help pages](https://moneta.example.com/help).\n',
);
writeFileSync(
  path.join(ISSUE_DIR, 'pt-BR.md'),
  '---\ntopic: ticket_app\nsubject: "Dezembro: quadro de chamados, recibos mais rápidos"\n---\n' +
    '## Novidades\n\nO **quadro de chamados** agora agrupa os chamados por técnico, e os recibos imprimem na metade do tempo.\n\n' +
    '- Arraste um chamado para reatribuí-lo\n- Filtre por equipamento\n- Imprima duas vias em uma A4\n\n' +
    'Leia os detalhes nas [páginas de ajuda](https://moneta.example.com/help).\n',
);
const ISSUE = readNewsletterIssue(ISSUE_DIR);
function forLocale(template: MailTemplate, locale: Locale): Partial<MailMessage> {
  if (template !== 'newsletter') return {};
  const edition = ISSUE.editions[locale]!;
  return {
    vars: { subject: edition.subject, topic: mailTexts(locale).preferences.topics[ISSUE.topic]! },
    issue: { html: edition.html, text: edition.text },
  };
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const locale of LOCALES)
    for (const [template, message] of Object.entries(MESSAGES) as Array<
      [MailTemplate, (typeof MESSAGES)[MailTemplate]]
    >) {
      const mail = renderMail(
        {
          to: 'ana@example.com',
          locale,
          template,
          ...message,
          ...forLocale(template, locale),
          vars: {
            name: 'Ana Souza',
            from: formatDay('2026-11-16', locale),
            to: formatDay('2026-11-22', locale),
            ...message.vars,
            ...forLocale(template, locale).vars,
          },
        },
        URL,
      );
      const name = `${template}-${locale}`;
      writeFileSync(path.join(OUT, `${name}.html`), mail.html);
      writeFileSync(path.join(OUT, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
      for (const [width, label] of [
        [390, 'phone'],
        [1280, 'desktop'],
      ] as const) {
        const page = await browser.newPage({ viewport: { width, height: 600 } });
        await page.setContent(mail.html);
        await page.screenshot({ path: path.join(OUT, `${name}-${label}.png`), fullPage: true });
        await page.close();
      }
    }
  // The preferences page the footers link to, as the server draws it (saved, after a post), in
  // the light and the dark scheme.
  for (const locale of LOCALES) {
    const page = mailPageHtml(
      locale,
      mailTexts(locale).preferences.title,
      preferencesForm(
        {
          email: 'ana@example.com',
          unconfirmed_email: null,
          newsletter: true,
          newsletter_topics: ['ticket_app', 'rss'],
        },
        locale,
        true,
      ),
    );
    writeFileSync(path.join(OUT, `preferences-page-${locale}.html`), page);
    for (const scheme of ['light', 'dark'] as const)
      for (const [width, label] of [
        [390, 'phone'],
        [1280, 'desktop'],
      ] as const) {
        const tab = await browser.newPage({ viewport: { width, height: 600 }, colorScheme: scheme });
        await tab.setContent(page);
        await tab.screenshot({
          path: path.join(OUT, `preferences-page-${locale}-${scheme}-${label}.png`),
          fullPage: true,
        });
        await tab.close();
      }
  }
} finally {
  await browser.close();
}
console.log(`mail previews in ${path.relative(process.cwd(), OUT)}/`);
