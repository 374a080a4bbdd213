// The public home's screenshots are the product's own screens (spec 000 §1): a repair shop's
// ticket board in each language and theme, taken here. `UPDATE_HOME_SCREENSHOTS=1` writes them to
// public/screenshots/ (commit them); without it they land in test-results/screenshots/ only, to
// compare. The second test checks the home shows the one in the visitor's language and theme.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { HOME_SCREENSHOT, homeScreenshotPath } from '../../src/features/landing/home-screenshot.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { text } from './support/app-page.ts';
import { DESKTOP, SCREENSHOTS, screenshots, settled } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

type Locale = 'en' | 'pt-BR';
/** Small enough for a visitor on a phone: the four together weigh less than the app's own code. */
const MAX_BYTES = 60_000;

/** A week of a repair shop's work, in the language its people write in. */
const SHOP: Record<Locale, { group: string; customers: string[]; tickets: Array<[string, string, string]> }> = {
  en: {
    group: 'City Repairs',
    customers: ['Ana Silva', 'Bruno Lima', 'Carla Mendes'],
    tickets: [
      ['Laptop does not boot', 'open', 'high'],
      ['Printer jams on tray 2', 'open', 'medium'],
      ['Yearly air-conditioning service', 'open', 'low'],
      ['Replace the phone battery', 'doing', 'high'],
      ['Screen flickers on start', 'doing', 'medium'],
      ['Keyboard missing keys', 'review', 'low'],
      ['Data recovery from old disk', 'block', 'medium'],
      ['Clean fan and thermal paste', 'done', 'low'],
    ],
  },
  'pt-BR': {
    group: 'Oficina Central',
    customers: ['Ana Silva', 'Bruno Lima', 'Carla Mendes'],
    tickets: [
      ['Notebook não liga', 'open', 'high'],
      ['Impressora enrosca na bandeja 2', 'open', 'medium'],
      ['Revisão anual do ar-condicionado', 'open', 'low'],
      ['Trocar a bateria do celular', 'doing', 'high'],
      ['Tela pisca ao ligar', 'doing', 'medium'],
      ['Teclado com teclas faltando', 'review', 'low'],
      ['Recuperar dados de disco antigo', 'block', 'medium'],
      ['Limpar ventoinha e pasta térmica', 'done', 'low'],
    ],
  },
};

async function shopOf(locale: Locale): Promise<{ owner: TestUser; db: string }> {
  const shop = SHOP[locale];
  const { owner, db } = await ownerWithGroup(e2e.server, shop.group, { locale, fullname: 'Ana Prado' });
  const customers = shop.customers.map((name) => ({ _id: newId('Customer'), klass: 'Customer', name }));
  const start = Date.now();
  const tickets = shop.tickets.map(([title, status, priority], i) => ({
    _id: newId('Ticket'),
    klass: 'Ticket',
    created_at: new Date(start - i * 60_000).toISOString(),
    updated_at: new Date(start - i * 60_000).toISOString(),
    number: `1-${120 - i}`,
    title,
    status,
    priority,
    ticket_kind: i % 3 === 0 ? 'bug' : 'chore',
    customer_id: customers[i % customers.length]!._id,
  }));
  const res = await owner.client.post(`/db/${db}/_bulk_docs`, { docs: [...customers, ...tickets] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, db };
}

/** The PNG Chromium took, as a WebP of at most MAX_BYTES (Chromium encodes it: no image tool needed). */
async function toWebp(browser: Browser, png: Buffer): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate(
      async ({ source, max }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d')!.drawImage(image, 0, 0);
        let quality = 0.85;
        let out = canvas.toDataURL('image/webp', quality);
        // Base64 is 4/3 of the bytes: lower the quality until the file fits.
        while (out.length * 0.75 > max && quality > 0.3) {
          quality -= 0.05;
          out = canvas.toDataURL('image/webp', quality);
        }
        return out;
      },
      { source: `data:image/png;base64,${png.toString('base64')}`, max: MAX_BYTES - 2_000 },
    );
    expect(dataUrl.startsWith('data:image/webp;')).toBe(true);
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await page.close();
  }
}

describe('the public home’s screenshots', () => {
  it('are taken from the product: the ticket board in each language and theme', async () => {
    const update = process.env.UPDATE_HOME_SCREENSHOTS === '1';
    const target = update ? path.resolve('public') : SCREENSHOTS;
    for (const locale of ['en', 'pt-BR'] as const) {
      const { owner, db } = await shopOf(locale);
      for (const theme of ['light', 'dark'] as const) {
        const context = await e2e.browser.newContext({
          baseURL: e2e.server.url,
          viewport: { width: HOME_SCREENSHOT.width, height: HOME_SCREENSHOT.height },
          colorScheme: theme,
          locale,
          serviceWorkers: 'block',
        });
        await context.addCookies(owner.client.browserCookies());
        const page = await context.newPage();
        await page.goto(`/account/${db}/ticket-board`);
        await page.locator('[data-testid="ticket-board"][aria-busy="false"]').waitFor();
        await page.locator('section[data-status="open"][data-count="3"]').waitFor();
        await page.getByText(SHOP[locale].tickets[0]![0]).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await settled(page);
        const webp = await toWebp(e2e.browser, await page.screenshot());
        await context.close();
        expect(webp.length).toBeLessThan(MAX_BYTES);
        const file = path.join(target, homeScreenshotPath(locale, theme));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, webp);
      }
    }
  });

  it('the home shows the one in the visitor’s language and theme, sized before it arrives', async () => {
    for (const [locale, theme] of [
      ['en', 'light'],
      ['pt-BR', 'dark'],
    ] as const) {
      // What is served is what is committed, and small.
      const committed = path.resolve('public', homeScreenshotPath(locale, theme));
      expect(statSync(committed).size).toBeLessThan(MAX_BYTES);
      expect(readFileSync(committed).subarray(8, 12).toString()).toBe('WEBP');

      const context = await e2e.browser.newContext({
        baseURL: e2e.server.url,
        viewport: DESKTOP,
        colorScheme: theme,
        locale,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto('/');
      const section = page.locator('#screenshots-title');
      expect(await section.textContent()).toBe(text(locale, 'landing.screenshots.title'));
      const shown = page.locator('section[aria-labelledby="screenshots-title"] img:visible');
      await shown.scrollIntoViewIfNeeded();
      expect(await shown.count()).toBe(1);
      expect(await shown.getAttribute('src')).toBe(`/${homeScreenshotPath(locale, theme)}`);
      expect(await shown.getAttribute('alt')).toBe(text(locale, 'landing.screenshots.alt'));
      // Its box is known before the image arrives: nothing below it moves.
      expect(await shown.getAttribute('width')).toBe(String(HOME_SCREENSHOT.width));
      expect(await shown.getAttribute('height')).toBe(String(HOME_SCREENSHOT.height));
      await page.waitForFunction(() => {
        const img = [...document.querySelectorAll<HTMLImageElement>('section img')].find((i) => i.offsetParent);
        return img?.complete && img.naturalWidth > 0;
      });
      expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(HOME_SCREENSHOT.width);
      await settled(page);
      await screenshots(page, `home-screenshot-${locale}-${theme}`);
      await context.close();
    }
  });
});
