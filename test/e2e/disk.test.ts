// The disk's screens (issue 31) in Chromium against the real server: the tree browsed offline, a
// file kept available offline and opened without a network, an upload chosen offline kept on the
// device through a reload and sent once back online, and a new version restored to the old one;
// a ticket's photos: "keep full quality" sends the original bytes, and the printed receipt carries
// the photos the person ticks, from what the device holds.
// Files and folders are seeded through the API (the disk's upload route, /db for a folder).
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { ownerWithGroup, seedTickets, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, PHONE, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

async function upload(owner: TestUser, db: string, name: string, text: string | Buffer, dirId?: string) {
  const query = new URLSearchParams({ name, ...(dirId ? { dir_id: dirId } : {}) });
  const res = await owner.client.raw('POST', `/api/groups/${db}/disk/files?${query}`, {
    body: typeof text === 'string' ? text : new Uint8Array(text),
    headers: { 'content-type': typeof text === 'string' ? 'text/plain' : 'application/octet-stream' },
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

async function content(owner: TestUser, db: string, id: string) {
  return (await owner.client.raw('GET', `/api/groups/${db}/disk/files/${id}/content`)).text();
}

/** A camera's JPEG, drawn by the browser (the device makes the thumbnail from it): a coloured field, 640×480. */
async function jpeg(page: Page, color: string, label = ''): Promise<Buffer> {
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

/** A ticket group with one ticket, its page open on a phone that holds the group, at its photos. */
async function ticketPhotos(groupName: string) {
  const { owner, db } = await ownerWithGroup(e2e.server, groupName);
  await seedTickets(owner, db, 1);
  const all = await owner.client.get<{ rows: Array<{ doc: { _id: string; klass: string; number: string } }> }>(
    `/db/${db}/_all_docs?include_docs=true`,
  );
  const ticket = all.body.rows.map((r) => r.doc).find((doc) => doc.klass === 'Ticket')!;
  const context = await newContext(e2e.browser, e2e.server.url, PHONE, { installs: true });
  await context.addCookies(owner.client.browserCookies());
  const page = await context.newPage();
  const app = new AppPage(page);
  await page.goto(`/account/${db}/tickets/${ticket._id}`);
  await app.installed();
  await app.synced(db);
  const photos = page.getByRole('region', { name: app.t('disk.photos.title') });
  await photos.waitFor();
  return { owner, db, ticket, context, page, app, photos };
}

/** Every pair of language and dark theme, for the screenshots. */
const LOOKS = [
  ['en', false],
  ['en', true],
  ['pt-BR', false],
  ['pt-BR', true],
] as const;

/** The file's row in the folder shown. */
const row = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

describe('the disk', () => {
  it('browses offline, opens a file kept offline, sends an upload chosen offline, and restores a version', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Arquivo Central', {}, 'rdisk');
    const folder = newId('CloudFile');
    const made = await owner.client.put(`/db/${db}/${folder}`, { klass: 'CloudFile', name: 'Invoices', kind: 'dir' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const report = await upload(owner, db, 'report.txt', 'first draft', folder);
    await upload(owner, db, 'report.txt', 'second draft, longer', folder);

    const context = await newContext(e2e.browser, e2e.server.url, PHONE, { installs: true });
    await context.addCookies(owner.client.browserCookies());
    const page = await context.newPage();
    const app = new AppPage(page);
    await page.goto(`/account/${db}/disk`);
    await app.installed();
    await app.synced(db);

    // Into the folder; its versions, newest first; the older one restored as a new current version.
    await row(page, 'Invoices').getByRole('link').click();
    await app.waitForPath(`/account/${db}/disk/${folder}`);
    await page.getByRole('button', { name: app.t('disk.actionsFor', { name: 'report.txt' }) }).click();
    await app.menuItem('disk.versions').click();
    const versions = page.getByRole('dialog');
    await expect.poll(() => versions.locator('[data-version]').count()).toBe(2);
    await versions.getByRole('button', { name: new RegExp(`^${app.t('disk.version.restore')}`) }).click();
    await versions.getByText(app.t('disk.version.restored')).waitFor();
    await expect.poll(() => content(owner, db, report)).toBe('first draft');
    await expect.poll(() => versions.locator('[data-version]').count()).toBe(3);
    await versions.getByRole('button', { name: app.t('actions.close') }).click();

    // Kept on the device, then opened with the network cut, after a reload.
    await page.getByRole('button', { name: app.t('disk.actionsFor', { name: 'report.txt' }) }).click();
    await app.menuItem('disk.info').click();
    // Checked once the content is fetched and kept.
    await page.getByRole('switch', { name: app.t('disk.keptOffline') }).click();
    await expect.poll(() => page.getByRole('switch', { name: app.t('disk.keptOffline') }).isChecked()).toBe(true);
    await page.getByRole('button', { name: app.t('actions.close') }).click();
    await row(page, 'report.txt').getByText(app.t('disk.keptOffline'), { exact: false }).waitFor();

    await context.setOffline(true);
    await page.goto(`/account/${db}/disk`);
    await row(page, 'Invoices').getByRole('link').click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^report\.txt/ }).click();
    expect(await readFile(await (await download).path(), 'utf8')).toBe('first draft');

    // Chosen offline: kept on the device, still there after a reload, sent once back online.
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'site-visit.txt', mimeType: 'text/plain', buffer: Buffer.from('plate: ACME 3000') }]);
    await page.getByText(app.t('disk.transfers.waiting')).waitFor();
    await page.reload();
    await page.getByText(app.t('disk.transfers.waiting')).waitFor();
    await context.setOffline(false);
    await page.locator('[data-file]').filter({ hasText: 'site-visit.txt' }).waitFor();
    await expect.poll(() => page.locator('[data-transfer]').count()).toBe(0);
    const listed = await owner.client.raw('PROPFIND', `/api/groups/${db}/dav/Invoices/`, { headers: { depth: '1' } });
    expect(await listed.text()).toContain('site-visit.txt');

    await context.close();
  });

  it('keeps photos taken offline on a ticket through a reload, sends them into Tickets/<number>, and relates a return visit', async () => {
    const { owner, db, ticket, context, page, app, photos } = await ticketPhotos('Oficina Norte');
    const [plate, damage] = [await jpeg(page, '#1565c0'), await jpeg(page, '#c62828')];

    await context.setOffline(true);
    // The camera's files, as a phone hands them over.
    await photos.locator('input[type="file"]').setInputFiles([
      { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: plate },
      { name: 'damage.jpg', mimeType: 'image/jpeg', buffer: damage },
    ]);
    await expect.poll(() => photos.getByText(app.t('disk.transfers.waiting')).count()).toBe(2);
    await page.reload();
    await expect.poll(() => photos.getByText(app.t('disk.transfers.waiting')).count()).toBe(2);
    await context.setOffline(false);
    await expect.poll(() => photos.locator('[data-file]').count(), { timeout: 30_000 }).toBe(2);
    const listed = await owner.client.raw('PROPFIND', `/api/groups/${db}/dav/Tickets/${ticket.number}/`, {
      headers: { depth: '1' },
    });
    const body = await listed.text();
    for (const name of ['plate.jpg', 'damage.jpg']) expect(body).toContain(name);
    // Their thumbnails, sent after them and kept on their records, come back with sync.
    for (const name of ['plate.jpg', 'damage.jpg']) await photos.getByRole('img', { name }).waitFor();
    await photos.scrollIntoViewIfNeeded();
    await screenshots(page, 'disk-ticket-photos', { fullPage: false });

    // A return visit made from the first ticket's page: each page shows the other.
    const visits = page.locator('[data-related="tickets"]');
    await visits.getByRole('link', { name: new RegExp(app.t('records.tickets.new')) }).click();
    await app.fill({ title: 'Same noise again' });
    await app.button('actions.save').click();
    await page.locator('[data-field="related_ticket_id"] a').click();
    await app.waitForPath(`/account/${db}/tickets/${ticket._id}`);
    await visits.getByRole('link', { name: /Same noise again/ }).waitFor();
    await context.close();
  });

  it('shows the folder, versions and WebDAV views in both languages and themes', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina Central', {}, 'rdisk');
    const folder = newId('CloudFile');
    await owner.client.put(`/db/${db}/${folder}`, {
      klass: 'CloudFile',
      name: 'Fotos da obra',
      kind: 'dir',
      color: '#43a047',
    });
    await upload(owner, db, 'orçamento-final-revisado-cliente-2026.pdf', 'x'.repeat(1_534_000));
    await upload(owner, db, 'notes.txt', 'one');
    await upload(owner, db, 'notes.txt', 'two, longer');
    // A picture from the office's scanner, untyped: the server makes its thumbnail.
    const scan = sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 230, g: 160, b: 40 } } });
    await upload(owner, db, 'fachada.jpg', await scan.jpeg().toBuffer());

    const context = await newContext(e2e.browser, e2e.server.url);
    await context.addCookies(owner.client.browserCookies());
    const page = await context.newPage();
    const app = new AppPage(page);
    await page.goto(`/account/${db}/disk`);
    await app.synced(db);
    // Its row shows the thumbnail once the server's job has written it and sync has brought it.
    await row(page, 'fachada.jpg').locator('img[data-thumbnail]').waitFor({ timeout: 30_000 });
    // All four pairs of language and theme, each at 390 and 1280 px.
    let inDark = false;
    for (const [locale, dark] of LOOKS) {
      await page.goto(`/account/${db}/disk`);
      await row(page, 'notes.txt').waitFor();
      if (locale !== app.locale) await app.chooseLanguage(locale);
      if (dark !== inDark) await app.toggleTheme();
      inDark = dark;
      const name = `disk-${locale}-${dark ? 'dark' : 'light'}`;
      await screenshots(page, `${name}-folder`);
      await page.getByRole('button', { name: app.t('disk.actionsFor', { name: 'notes.txt' }) }).click();
      await app.menuItem('disk.versions').click();
      await expect.poll(() => page.locator('[data-version]').count()).toBe(2);
      await screenshots(page, `${name}-versions`, { fullPage: false });
      await page.goto(`/account/${db}/disk?view=webdav`);
      await page.getByText(owner.email).waitFor();
      await screenshots(page, `${name}-webdav`, { fullPage: false });
    }
    await context.close();
  });

  it('keeps the original when asked, and prints the photos ticked on the receipt', async () => {
    const { owner, db, ticket, context, page, app, photos } = await ticketPhotos('Oficina Sul');
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
    for (const [locale, dark] of LOOKS) {
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
