// The wiki (issue 33) in Chromium against the real server, offline after the first pull: three
// notes written linking each other and a customer, the customer's page showing the note about
// them, a rename whose links follow in the other notes, and a reload offline. The group and the
// customer are seeded through the API; screenshots at 390 and 1280 px, en light and pt-BR dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { ownerWithGroup } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

async function writeNote(page: Page, app: AppPage, db: string, title: string, content: string) {
  await page.goto(`/account/${db}/wiki/new/edit`);
  await page.getByRole('textbox', { name: app.t('records.handbooks.fields.title') }).fill(title);
  await page.getByRole('textbox', { name: app.t('records.handbooks.fields.content') }).fill(content);
  await page.getByRole('button', { name: app.t('actions.save'), exact: true }).click();
  await app.waitForPath(new RegExp(`/account/${db}/wiki/han-[0-9a-f-]+$`));
  return page.url().split('/').pop()!;
}

describe('the wiki', () => {
  it('links notes and a customer offline, shows the note on the customer, and renames with its links', async () => {
    const { owner, db } = await ownerWithGroup(e2e.server, 'Oficina do Bruno');
    const customer = newId('Customer');
    const made = await owner.client.put(`/db/${db}/${customer}`, { klass: 'Customer', name: 'Bruno Lima' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
    await context.addCookies(owner.client.browserCookies());
    const page = await context.newPage();
    const app = new AppPage(page);
    await page.goto(`/account/${db}/wiki`);
    await app.installed();
    await app.synced(db);
    await context.setOffline(true);

    const care = await writeNote(page, app, db, 'Compressor care', 'Read [[Split unit]] first. For [[Bruno Lima]].');
    await writeNote(page, app, db, 'Split unit', 'Back to [[compressor CARE|the care]]; see [[Gas refill]].');
    const gas = await writeNote(page, app, db, 'Gas refill', 'After [[Compressor care]] and [[Split unit]].');

    // The customer's page lists the note that links to them.
    await page.goto(`/account/${db}/customers/${customer}`);
    const linking = page.getByRole('region', { name: app.t('wiki.linkedBy') });
    await linking.getByRole('link', { name: 'Compressor care' }).waitFor();

    // Renamed: the two notes linking to it follow, labels kept.
    await page.goto(`/account/${db}/wiki/${care}/edit`);
    await page.getByRole('textbox', { name: app.t('records.handbooks.fields.title') }).fill('Compressor maintenance');
    await page.getByRole('button', { name: app.t('actions.save'), exact: true }).click();
    await page.getByRole('button', { name: app.t('wiki.renameUpdate') }).click();
    await app.waitForPath(`/account/${db}/wiki/${care}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Compressor maintenance' }).waitFor();
    const linkedBy = page.getByRole('region', { name: app.t('wiki.linkedBy') });
    await expect.poll(() => linkedBy.getByRole('link').allTextContents()).toEqual(['Gas refill', 'Split unit']);
    await page.goto(`/account/${db}/wiki/${gas}`);
    const link = page.getByRole('link', { name: 'Compressor maintenance' });
    await expect.poll(() => link.getAttribute('href')).toBe(`/account/${db}/wiki/${care}`);

    // Screenshots from the top of each page (a page opened by a link kept the last one's scroll).
    const top = { prepare: () => page.evaluate(() => window.scrollTo(0, 0)) };
    await screenshots(page, 'wiki-en-light-entry', top);
    await page.goto(`/account/${db}/wiki`);
    await page.getByRole('link', { name: 'Gas refill' }).first().waitFor();
    await screenshots(page, 'wiki-en-light-index', top);
    // The index's box finds a note by a word of its text (the group's search view), offline.
    await page.getByRole('searchbox', { name: app.t('wiki.filter') }).fill('first');
    await expect.poll(() => page.getByRole('link', { name: 'Compressor maintenance' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Gas refill' }).count()).toBe(0);
    await screenshots(page, 'wiki-en-light-search', top);
    // Back online for the other language (its texts were never fetched on this device), on a page
    // loaded online.
    await context.setOffline(false);
    await page.goto(`/account/${db}/wiki`);
    await app.synced(db);
    await app.chooseLanguage('pt-BR');
    await page.getByRole('link', { name: app.t('wiki.newNote') }).waitFor();
    await app.toggleTheme();
    await page.getByRole('link', { name: 'Split unit' }).first().waitFor();
    await screenshots(page, 'wiki-pt-BR-dark-index', top);
    await page.goto(`/account/${db}/wiki/${care}/edit`);
    const content = page.getByRole('textbox', { name: app.t('records.handbooks.fields.content') });
    await content.waitFor();
    // The completion's list, its second title highlighted from the keyboard.
    await content.press('Control+End');
    await content.pressSequentially(' [[');
    const options = page.getByRole('listbox', { name: app.t('wiki.suggestions') }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    await content.press('ArrowDown');
    const second = await options.nth(1).getAttribute('id');
    await expect.poll(() => content.getAttribute('aria-activedescendant')).toBe(second);
    await screenshots(page, 'wiki-pt-BR-dark-edit', top);
    await context.close();
  });
});
