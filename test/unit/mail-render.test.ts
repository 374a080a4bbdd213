import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/domain/locale.ts';
import type { GroupSummary } from '../../src/domain/weekly-summary.ts';
import { type MailTemplate, renderMail } from '../../src/server/services/mail.ts';

const TEMPLATES: readonly MailTemplate[] = [
  'confirmation',
  'passwordReset',
  'passwordChanged',
  'invite',
  'freeLimit',
  'paymentLink',
  'weeklySummary',
  'newsletter',
];

const SUMMARY: GroupSummary[] = [
  {
    group: 'acc-1',
    name: 'Oficina <Central>',
    sections: [
      { title: 'tickets', lines: [{ text: 'ticketsOpened', count: 1234 }] },
      { title: 'maintenances', lines: [{ text: 'maintenanceDue', date: '2026-12-22', label: 'Pump 7' }] },
      {
        title: 'spending',
        lines: [
          { text: 'spentTotal', amount: { minor: 13_550, currency: 'BRL' }, count: 3 },
          { text: 'spentOnCategory', label: 'Aluguel', amount: { minor: 10_000, currency: 'BRL' }, detail: true },
        ],
      },
    ],
  },
  { group: 'acc-2', name: 'Quiet', sections: [] },
];

const summaryMail = (locale: string) =>
  renderMail(
    {
      to: 'ana@example.com',
      locale,
      template: 'weeklySummary',
      link: 'https://moneta.example.com',
      vars: { name: 'Ana', from: '16 Nov', to: '22 Nov' },
      summary: SUMMARY,
      unsubscribe: 'https://moneta.example.com/unsubscribe/usr-1.weekly_summary.sig',
    },
    'https://moneta.example.com',
  );

describe('renderMail', () => {
  it('has every e-mail in every language, with the same keys', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix.slice(0, -1)];
    const [en, ...others] = LOCALES.map((l) => JSON.parse(readFileSync(`locales/${l}/mail.json`, 'utf8')) as object);
    for (const other of others) expect(keys(other).sort()).toEqual(keys(en).sort());
    for (const locale of LOCALES)
      for (const template of TEMPLATES) {
        // A newsletter's subject is its issue's (front matter): given here as the command gives it.
        const mail = renderMail({ to: 'a@b.c', locale, template, link: 'https://x/y', vars: { subject: 'Issue' } });
        expect(mail.subject, `${locale} ${template}`).not.toBe('');
        expect(mail.text).toContain('https://x/y');
        expect(mail.html).toContain('href="https://x/y"');
      }
  });

  it('draws the weekly summary in the language of the person: numbers, money and days', () => {
    const en = summaryMail('en');
    expect(en.subject).toBe('Your week on Moneta: 16 Nov to 22 Nov');
    expect(en.text).toContain('Oficina <Central> (https://moneta.example.com/account/acc-1)');
    expect(en.text).toContain('- Tickets opened: 1,234');
    expect(en.text).toContain('- Dec 22, 2026: Pump 7');
    expect(en.text).toContain('- Total in BRL: R$135.50 (3 expenses)');
    expect(en.text).not.toContain('Quiet');
    expect(en.text).toContain(
      'Stop the weekly summary: https://moneta.example.com/unsubscribe/usr-1.weekly_summary.sig',
    );
    const pt = summaryMail('pt-BR');
    expect(pt.text).toContain('- Chamados abertos: 1.234');
    expect(pt.text).toContain('- 22 de dez. de 2026: Pump 7');
    expect(pt.text).toMatch(/- Total em BRL: R\$\s135,50 \(3 despesas\)/);
    expect(pt.text).toMatch(/\n {4}- Aluguel: R\$\s100,00/);
  });

  it('escapes what people wrote, and keeps the footer to e-mails that can be stopped', () => {
    const en = summaryMail('en');
    expect(en.html).toContain('Oficina &#60;Central&#62;');
    expect(en.html).not.toContain('<Central>');
    expect(en.html).toContain('href="https://moneta.example.com/unsubscribe/usr-1.weekly_summary.sig"');
    const plain = renderMail({ to: 'a@b.c', locale: 'en', template: 'passwordChanged', link: 'https://x/y', vars: {} });
    expect(plain.html).not.toContain('unsubscribe');
    expect(plain.text).not.toContain('Stop the weekly summary');
  });

  it('draws a newsletter issue as its body, and says in the footer which topic brought it and where to choose', () => {
    for (const locale of LOCALES) {
      const mail = renderMail(
        {
          to: 'ana@example.com',
          locale,
          template: 'newsletter',
          link: 'https://moneta.example.com',
          vars: { name: 'Ana', subject: 'December', topic: 'Feeds' },
          issue: { html: '<h2>News</h2><p>Body</p>', text: '## News\n\nBody\n' },
          unsubscribe: 'https://moneta.example.com/unsubscribe/usr-1.newsletter.sig',
          stops: 'newsletter',
          preferences: 'https://moneta.example.com/email-preferences/usr-1.sig',
        },
        'https://moneta.example.com',
      );
      expect(mail.subject).toBe('December');
      expect(mail.html).toContain('<h2>News</h2><p>Body</p>');
      expect(mail.text).toContain('## News\n\nBody');
      expect(mail.text).toContain('“Feeds”');
      expect(mail.html).toContain('href="https://moneta.example.com/email-preferences/usr-1.sig"');
      expect(mail.text).not.toMatch(/weekly summary|resumo semanal/i);
    }
  });
});
