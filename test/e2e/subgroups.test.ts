// A Corporate group's sub-groups in Chromium (issue 32): the Owner names one from the group
// switcher's "New sub-group", the parent's Others menu and admin dashboard then show them, the
// switcher lists it under its parent, and it opens; screenshots in en light and pt-BR dark.
import { describe, expect, it } from 'vitest';
import type { CouchDoc } from '../../src/server/store/couch-client.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();
const PARENT = 'Matriz Prado';
const SUB = 'Filial Norte';

describe('sub-groups in the browser', () => {
  it('the Owner creates one, and the menus, the tile and the switcher show it', async () => {
    const owner = await registerUser(e2e.server.url, { fullname: 'Olga Dona' });
    await confirmUser(e2e.server, owner);
    const parent = await createGroup(owner, PARENT);
    // The plan as Paddle's webhook leaves it (that path is billing's): written in the store.
    const docs = await e2e.server.ctx.store.docsWithPrefix<CouchDoc & { key?: string }>(parent, 'adj-');
    const plan = docs.find((d) => d.key === 'confirmed-plan')!;
    await e2e.server.ctx.store.put(parent, { ...plan, value: 'corp' });

    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(owner, `/account/${parent}`);
    await app.heading('dashboard.title').waitFor();
    // No sub-groups yet: no "Groups" in the Others menu.
    await page.getByRole('button', { name: app.t('nav.others'), exact: true }).click();
    await app.menuItem('nav.othersMenu.memberships').waitFor();
    expect(await app.menuItem('nav.othersMenu.groups').count()).toBe(0);
    await page.keyboard.press('Escape');

    const menu = await app.openSwitcher();
    await menu.getByRole('menuitem', { name: app.t('subGroups.newEntry') }).click();
    await app.heading('subGroups.title').waitFor();
    await app.field('name').fill(SUB);
    await app.button('subGroups.submit').click();
    const link = page.getByRole('main').getByRole('link', { name: SUB, exact: true });
    await link.waitFor();
    const sub = (await link.getAttribute('href'))!.split('/').pop()!;

    for (const variant of ['en-light', 'pt-dark'] as const) {
      if (variant === 'pt-dark') {
        await app.chooseLanguage('pt-BR');
        await app.toggleTheme();
        await expect.poll(() => app.backgroundColor()).not.toBe('rgb(255, 255, 255)');
      }
      // The parent's list arrives by replication: the menu entry and the tile follow it.
      await page.goto(`/account/${parent}/admin`);
      await app.heading('admin.title').waitFor();
      await page.locator('[data-tile="sub-groups"]').waitFor();
      await app.settled();
      await screenshots(page, `subgroups-admin-${variant}`);
      await app.openOthers('groups');
      await app.heading('subGroups.title').waitFor();
      await page.getByRole('main').getByRole('link', { name: SUB, exact: true }).waitFor();
      await screenshots(page, `subgroups-page-${variant}`);
      await screenshots(page, `subgroups-switcher-${variant}`, {
        fullPage: false,
        prepare: async (size) => {
          await page.keyboard.press('Escape');
          if (size.width >= 900) {
            const open = await app.openSwitcher();
            await open.getByText(SUB, { exact: true }).waitFor();
          } else {
            await page.getByRole('button', { name: app.t('nav.openMenu') }).click();
            await page
              .getByRole('navigation', { name: app.t('nav.menu') })
              .getByText(SUB)
              .waitFor();
          }
        },
      });
      await page.keyboard.press('Escape');
    }

    // The sub-group opens for the Owner, who reaches it as the parent's administrator.
    await page.goto(`/account/${sub}`);
    await app.heading('dashboard.title').waitFor();
    await page.getByRole('main').getByText(SUB, { exact: true }).first().waitFor();
    await context.close();
  });
});
