// A ticket's photos past the first part (issue 31): "keep full quality" sends the original bytes,
// and the printed receipt carries the photos the person ticks, from what the device holds.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownerWithGroup, seedTickets } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, PHONE, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

/** A camera's JPEG, drawn by the browser: a coloured field with a label, 640×480. */
async function jpeg(page: Page, color: string, label: string): Promise<Buffer> {
  const url = await page.evaluate(
    ([fill, text]) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
      const g = canvas.getContext('2d')!;
      g.fillStyle = fill!;
      g.fillRect(0, 0, 640, 480);
      g.fillStyle = '#fff';
      g.font = 'bold 64px sans-serif';
      g.fillText(text!, 40, 260);
      return canvas.toDataURL('image/jpeg', 0.95);
    },
    [color, label],
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
}

describe('a ticket’s photos', () => {
  it('keeps the original when asked, and prints the photos ticked on the receipt', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Sul');
    await seedTickets(owner, db, 1);
    const all = await owner.client.get<{ rows: Array<{ doc: { _id: string; klass: string; number: string } }> }>(
      `/db/${db}/_all_docs?include_docs=true`,
    );
    const ticket = all.body.rows.map((r) => r.doc).find((doc) => doc.klass === 'Ticket')!;

    const context = await newContext(e2e.browser, e2e.server.url, PHONE);
    await context.addCookies(owner.client.browserCookies());
    const page = await context.newPage();
    const app = new AppPage(page);
    await page.goto(`/account/${db}/tickets/${ticket._id}`);
    await app.installed();
    await app.synced(db);
    const photos = page.getByRole('region', { name: app.t('disk.photos.title') });
    await photos.waitFor();
    const [plate, damage] = [await jpeg(page, '#1565c0', 'PLATE'), await jpeg(page, '#c62828', 'DAMAGE')];
    const input = photos.locator('input[type="file"]');

    // Resized by default; the original once "keep full quality" is on.
    await input.setInputFiles([{ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: plate }]);
    await expect.poll(() => photos.locator('[data-file]').count(), { timeout: 30_000 }).toBe(1);
    await photos.getByRole('switch', { name: app.t('disk.photos.original') }).click();
    await input.setInputFiles([{ name: 'damage.jpg', mimeType: 'image/jpeg', buffer: damage }]);
    await expect.poll(() => photos.locator('[data-file]').count(), { timeout: 30_000 }).toBe(2);
    for (const name of ['plate.jpg', 'damage.jpg']) await photos.getByRole('img', { name }).waitFor();
    await photos.scrollIntoViewIfNeeded();
    await screenshots(page, 'disk-ticket-photos-original', { fullPage: false });
    const files = await owner.client.get<{ rows: Array<{ doc: { klass: string; name?: string; size?: number } }> }>(
      `/db/${db}/_all_docs?include_docs=true`,
    );
    const sizeOf = (name: string) => files.body.rows.find((r) => r.doc.name === name)?.doc.size;
    expect(sizeOf('damage.jpg')).toBe(damage.length);
    expect(sizeOf('plate.jpg')).toBeLessThan(plate.length);

    // The receipt: photos ticked are printed from the thumbnails the device holds. (Language and
    // theme are switched from the desktop's navbar.)
    await page.setViewportSize(DESKTOP);
    let inDark = false;
    for (const [locale, dark] of [
      ['en', false],
      ['en', true],
      ['pt-BR', false],
      ['pt-BR', true],
    ] as const) {
      await page.goto(`/account/${db}/tickets/${ticket._id}/receipt/service`);
      if (locale !== app.locale) await app.chooseLanguage(locale);
      if (dark !== inDark) await app.toggleTheme();
      inDark = dark;
      const chooser = page.getByRole('group', { name: app.t('disk.photos.print.choose') });
      for (const name of ['plate.jpg', 'damage.jpg']) await chooser.getByRole('checkbox', { name }).check();
      const printed = page.getByRole('list', { name: app.t('disk.photos.print.title') });
      for (const name of ['plate.jpg', 'damage.jpg']) await printed.getByRole('img', { name }).waitFor();
      await screenshots(page, `disk-receipt-photos-${locale}-${dark ? 'dark' : 'light'}`);
    }
    // As printed: the chooser is left off the paper, the photos are on it.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('group', { name: app.t('disk.photos.print.choose') }).isVisible()).toBe(false);
    expect(await page.getByRole('list', { name: app.t('disk.photos.print.title') }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: 'test-results/screenshots/disk-receipt-photos-print.png', fullPage: true });
    await context.close();
  });
});
