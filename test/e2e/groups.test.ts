// Groups and memberships as two people meet them, in real Chromium against the real server:
// A signs up, creates a group and invites B by e-mail; B follows the e-mailed link, signs up,
// confirms and accepts; then the redirect after sign-in, the switcher, what a member who is not
// an administrator may do, the admin's edits, and screenshots in en light and pt-BR dark.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouchDoc } from '../../src/server/store/couch-client.ts';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { latestLink } from '../support/outbox.ts';
import { AppPage } from './support/app-page.ts';
import { e2eHarness } from './support/harness.ts';
import { newContext, screenshots } from './support/browser.ts';

const e2e = e2eHarness();

const stamp = Date.now().toString(36);
const password = 'a sturdy password';
const A = { email: `ana.${stamp}@example.com`, fullname: 'Ana Prado' };
const B = { email: `bruno.${stamp}@example.com`, fullname: 'Bruno Lima' };
const FIRST = 'Oficina Central';
// Long on purpose: the switcher truncates names at 10em.
const SECOND = 'Assistência Técnica Prado & Filhos';
const PHONE = '+55 11 4002-8922';

const inviteMail = JSON.parse(readFileSync('locales/en/mail.json', 'utf8')) as { invite: { subject: string } };

interface Person {
  context: BrowserContext;
  page: Page;
  app: AppPage;
  errors: string[];
}
let a: Person;
let b: Person;
let firstId = '';
let secondId = '';
let inviteLink = '';

async function person(): Promise<Person> {
  const context = await newContext(e2e.browser, e2e.server.url);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, app: new AppPage(page), errors };
}

/** A call to the server with the session cookie the browser holds. */
async function call(who: Person, method: string, path: string, body?: unknown) {
  const session = (await who.context.cookies()).find((c) => c.name === 'moneta_session');
  if (!session) throw new Error('no session cookie');
  const res = await fetch(e2e.server.url + path, {
    method,
    headers: { cookie: `${session.name}=${session.value}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The stored value of a group setting, read over HTTP. */
async function setting(who: Person, accountId: string, key: string): Promise<unknown[]> {
  const res = await call(who, 'POST', `/db/${accountId}/_find`, { selector: { klass: 'Adjustment', key } });
  expect(res.status).toBe(200);
  return (res.body.docs as Array<{ value: unknown }>).map((doc) => doc.value);
}

beforeAll(async () => {
  a = await person();
  b = await person();
});

describe('groups and memberships in the browser', () => {
  it('A signs up, confirms, creates a ticket group and invites B by e-mail', async () => {
    const { app, page } = a;
    await app.register({ email: A.email, fullname: A.fullname, password });
    await app.waitForPath('/account/new'); // no memberships: group creation
    await app.openMailLink((await latestLink(e2e.server, A.email, '/user/confirm/')).link);
    await page.getByText(app.t('confirmToken.confirmed', { email: A.email })).waitFor();
    await page.goto('/');
    await app.waitForPath('/account/new'); // still no memberships

    firstId = await app.createGroup(FIRST);
    expect(firstId).toMatch(/^acc-[0-9a-f-]{36}$/);
    await page.getByRole('main').getByText(FIRST, { exact: true }).waitFor();
    // A new group's dashboard suggests its first steps, none done yet; each opens its form.
    const steps = page.getByTestId('first-steps');
    const step = (resource: string) => steps.locator(`[data-step="${resource}"]`);
    await steps.waitFor();
    expect(
      await steps.locator('[data-step]').evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))),
    ).toEqual(['categories', 'customers', 'tickets', 'memberships']);
    expect(await steps.locator('[data-done]').count()).toBe(0);
    await screenshots(page, 'dashboard-first-steps');
    await step('customers').click();
    await app.waitForPath(`/account/${firstId}/customers/new`);
    await page.goBack();

    await app.openMemberships();
    const table = page.getByRole('table', { name: app.t('memberships.title') });
    await table.getByText(A.fullname, { exact: true }).waitFor();
    // Each call names the page it was made from (X-Route-Name), reached here by in-app navigation.
    const invite = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/memberships'));
    await app.inviteMember(B.email);
    expect((await invite).headers()['x-route-name']).toBe('memberships#new');
    const row = table.getByRole('row').filter({ hasText: B.email });
    await row.getByText(app.t('memberships.pending'), { exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3); // header, A, B
    // The invitation counts as the team step; hidden, the card stays hidden on this device.
    await page.goto(`/account/${firstId}`);
    await expect.poll(() => step('memberships').getAttribute('data-done')).toBe('true');
    await steps.getByRole('button', { name: app.t('dashboard.firstSteps.hide') }).click();
    await page.reload();
    await page.getByRole('main').getByText(FIRST, { exact: true }).waitFor();
    await app.heading('dashboard.recentChanges').waitFor();
    expect(await steps.count()).toBe(0);
    await app.openMemberships(); // where the next test reads A's page
    await table.getByText(B.email).waitFor();

    const { mail, link } = await latestLink(e2e.server, B.email, '/user/profile');
    expect(mail.subject).toBe(inviteMail.invite.subject.replace('{{inviter}}', A.fullname).replace('{{group}}', FIRST));
    const url = new URL(link);
    expect(url.pathname + url.search).toBe('/user/profile?page=invites');
    inviteLink = link;
  });

  it('B opens the invite signed out, signs up with that e-mail, confirms and accepts', async () => {
    const { app, page } = b;
    await app.openMailLink(inviteLink);
    await app.waitForPath('/user/login'); // the profile needs a session
    await app.link('login.register').click();
    await app.waitForPath('/user/register');
    await app.register({ email: B.email, fullname: B.fullname, password });
    await app.waitForPath('/account/new'); // a pending invite is no membership yet

    // Before the e-mail is confirmed, nothing sent to it shows: an unverified address claims nothing.
    await app.openProfileTab('invites');
    await page.getByText(app.t('profile.invites.confirmFirst'), { exact: true }).waitFor();
    await page.getByText(app.t('profile.noInvites'), { exact: true }).waitFor();
    const accept = app.acceptButton(FIRST);
    expect(await accept.count()).toBe(0);
    await screenshots(page, 'invites-unconfirmed');

    await app.openMailLink((await latestLink(e2e.server, B.email, '/user/confirm/')).link);
    await page.getByText(app.t('confirmToken.confirmed', { email: B.email })).waitFor();
    await app.openProfileTab('invites');
    await accept.waitFor();
    await expect.poll(() => accept.isEnabled()).toBe(true);
    expect(await page.getByText(app.t('profile.invites.confirmFirst'), { exact: true }).count()).toBe(0);

    await app.acceptInvite(FIRST);
    expect(app.currentAccountId()).toBe(firstId);
    await page.getByRole('main').getByText(FIRST, { exact: true }).waitFor();

    // A sees B as a member now.
    await a.page.reload();
    const table = a.page.getByRole('table', { name: a.app.t('memberships.title') });
    await table.getByText(B.fullname, { exact: true }).waitFor();
    expect(await table.getByText(a.app.t('memberships.pending'), { exact: true }).count()).toBe(0);
  });

  it('sends people where their memberships say after signing in; the switcher lists the other groups', async () => {
    // B has one membership: straight to its dashboard.
    await b.app.signInAgain(B.email, password);
    await b.app.waitForPath(`/account/${firstId}`);
    await b.app.heading('dashboard.title').waitFor();

    // A creates a second group from the switcher's create entry.
    const { app, page } = a;
    await page.goto(`/account/${firstId}`);
    await app.heading('dashboard.title').waitFor();
    let menu = await app.openSwitcher();
    await menu.getByRole('menuitem', { name: app.t('nav.newGroup') }).click();
    await app.waitForPath('/account/new');
    secondId = await app.createGroup(SECOND);
    expect(secondId).not.toBe(firstId);

    // The switcher shows the other group, not the current one, and the create entry.
    menu = await app.openSwitcher();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([FIRST, app.t('nav.newGroup')]);
    await menu.getByRole('menuitem', { name: FIRST }).click();
    await app.waitForPath(`/account/${firstId}`);
    await page.getByRole('main').getByText(FIRST, { exact: true }).waitFor();
    menu = await app.openSwitcher();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([SECOND, app.t('nav.newGroup')]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // Two groups, none bookmarked: home with the notice and a card per group.
    await app.signInAgain(A.email, password);
    await app.waitForPath('/');
    await page.getByText(app.t('home.selectGroup'), { exact: true }).waitFor();
    const main = page.getByRole('main');
    for (const [name, id] of [
      [FIRST, firstId],
      [SECOND, secondId],
    ]) {
      const card = main.locator(`a[href="/account/${id}"]`);
      await card.getByRole('heading', { name, exact: true }).waitFor();
      await card.getByText(app.t('groups.adminBadge'), { exact: true }).waitFor();
    }
    expect(await main.locator('a[href^="/account/acc-"]').count()).toBe(2);

    // One bookmark: that group's dashboard.
    await app.openProfileTab('groups');
    await app.toggleBookmark(FIRST, true);
    await app.signInAgain(A.email, password);
    await app.waitForPath(`/account/${firstId}`);
    await app.heading('dashboard.title').waitFor();
  });

  it('shows a member who is not an administrator no editing, and refuses the invite form', async () => {
    const { app, page } = b;
    await app.openAdmin();
    await app.heading('admin.profile.title').waitFor();
    await app.settled();
    expect(await page.getByRole('button', { name: app.t('admin.profile.edit') }).count()).toBe(0);
    expect(await app.button('admin.phones.new').count()).toBe(0);
    expect(await app.button('admin.addresses.new').count()).toBe(0);
    expect(await app.field('checklist').isDisabled()).toBe(true);
    expect(await app.field('contract-receipt').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: app.t('actions.save') }).count()).toBe(0);

    await app.openMemberships();
    const table = page.getByRole('table', { name: app.t('memberships.title') });
    await table.getByText(A.fullname, { exact: true }).waitFor();
    await table.getByText(B.fullname, { exact: true }).waitFor();
    expect(await app.link('memberships.new').count()).toBe(0);
    for (const name of [A.fullname, B.fullname]) {
      expect(await page.getByRole('link', { name: app.t('memberships.showNamed', { name }) }).count()).toBe(1);
      expect(await page.getByRole('link', { name: app.t('memberships.editNamed', { name }) }).count()).toBe(0);
      expect(await page.getByRole('button', { name: app.t('memberships.deleteNamed', { name }) }).count()).toBe(0);
    }

    // Typed into the address bar: the page refuses, and so does the server.
    await page.goto(`/account/${firstId}/memberships/new`);
    await app.heading('errorTitles.forbidden').waitFor();
    expect(await app.field('email').count()).toBe(0);
    const res = await call(b, 'POST', `/api/groups/${firstId}/memberships`, { email: 'someone@example.com' });
    expect(res.status).toBe(403);
  });

  it('lets the administrator switch a feature on and add a phone, saved on the server', async () => {
    const { app, page } = a;
    await app.openAdmin();
    await app.settled();
    const checklist = app.field('checklist');
    expect(await checklist.isChecked()).toBe(false);
    await checklist.check();
    await expect.poll(() => checklist.isChecked()).toBe(true);
    await expect.poll(() => checklist.isEnabled()).toBe(true); // the save has ended
    await expect.poll(() => setting(a, firstId, 'checklist')).toEqual(['enabled']);

    await app.button('admin.phones.new').click();
    const dialog = page.getByRole('dialog', { name: app.t('admin.phones.new') });
    await dialog.locator('[name="description"]').fill('Balcão');
    await dialog.locator('[name="number"]').fill(PHONE);
    await dialog.getByRole('button', { name: app.t('actions.save'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('list', { name: app.t('admin.phones.title') })
      .getByText(PHONE)
      .waitFor();
    // The screen shows the device's copy at once; sync takes it to the server.
    await expect
      .poll(async () => JSON.parse(String((await setting(a, firstId, 'phones'))[0] ?? '[]')) as unknown)
      .toEqual([{ id: expect.any(String), main: true, description: 'Balcão', number: PHONE }]);

    // Still there after a reload.
    await page.reload();
    await page
      .getByRole('list', { name: app.t('admin.phones.title') })
      .getByText(PHONE)
      .waitFor();
    expect(await app.field('checklist').isChecked()).toBe(true);
  });

  // One test per variant: together they came near the 120 s timeout on a loaded machine.
  let visitor: Person | undefined;
  for (const variant of ['en-light', 'pt-dark'] as const) {
    it(`screenshots the group screens in ${variant === 'en-light' ? 'en light' : 'pt-BR dark'}`, async () => {
      const { app, page } = a;
      if (!visitor) {
        // Back to two groups without a bookmark, so home shows the notice.
        await app.openProfileTab('groups');
        await app.toggleBookmark(FIRST, false);
        visitor = await person();
      }

      const closeOverlays = async () => {
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('.MuiModal-root'));
      };

      if (variant === 'pt-dark') {
        for (const who of [visitor, a]) {
          await who.app.chooseLanguage('pt-BR');
          await who.app.toggleTheme();
          await expect.poll(() => who.app.backgroundColor()).not.toBe('rgb(255, 255, 255)');
        }
      }

      await visitor.page.goto('/');
      await visitor.app.heading('landing.title').waitFor();
      await screenshots(visitor.page, `home-visitor-${variant}`);

      await page.goto('/');
      await page.getByText(app.t('home.selectGroup'), { exact: true }).waitFor();
      await page.getByRole('heading', { name: SECOND, exact: true }).waitFor();
      await app.settled();
      await screenshots(page, `home-groups-${variant}`);

      await page.goto('/account/new');
      await app.heading('accountNew.title').waitFor();
      await screenshots(page, `account-new-${variant}`);

      await page.goto(`/account/${firstId}`);
      await app.heading('dashboard.title').waitFor();
      await page.getByRole('list', { name: app.t('dashboard.recentChanges') }).waitFor();
      await app.settled();
      await screenshots(page, `dashboard-${variant}`);

      // Desktop: the navbar's switcher; phones: the same entries in the drawer.
      await screenshots(page, `switcher-${variant}`, {
        fullPage: false,
        prepare: async (size) => {
          await closeOverlays();
          if (size.width >= 900) {
            const menu = await app.openSwitcher();
            await menu.getByRole('menuitem', { name: SECOND }).waitFor();
          } else {
            await page.getByRole('button', { name: app.t('nav.openMenu') }).click();
            await page
              .getByRole('navigation', { name: app.t('nav.menu') })
              .getByText(SECOND)
              .waitFor();
          }
        },
      });
      await closeOverlays();

      await app.openAdmin();
      await page
        .getByRole('list', { name: app.t('admin.phones.title') })
        .getByText(PHONE)
        .waitFor();
      await app.settled();
      await screenshots(page, `admin-${variant}`);

      await app.openMemberships();
      await page
        .getByRole('table', { name: app.t('memberships.title') })
        .getByText(B.fullname)
        .waitFor();
      await screenshots(page, `memberships-${variant}`);

      await app.link('memberships.new').click();
      await app.field('email').waitFor();
      await screenshots(page, `membership-new-${variant}`);

      await page.goBack();
      await page.getByRole('link', { name: app.t('memberships.showNamed', { name: B.fullname }) }).click();
      await app.heading('memberships.detail').waitFor();
      await page.getByRole('main').getByText(B.fullname, { exact: true }).waitFor();
      await app.settled();
      await screenshots(page, `membership-detail-${variant}`);

      if (variant === 'pt-dark') {
        await visitor.context.close();
        expect(visitor.errors).toEqual([]);
        expect(a.errors).toEqual([]);
        expect(b.errors).toEqual([]);
      }
    });
  }
});

// A Corporate group's sub-groups in Chromium (issue 32): the Owner names one from the group
// switcher's "New sub-group", the parent's Others menu and admin dashboard then show them, the
// switcher lists it under its parent, and it opens; screenshots in en light and pt-BR dark.
const SUB_PARENT = 'Matriz Prado';
const SUB = 'Filial Norte';

describe('sub-groups in the browser', () => {
  it('the Owner creates one, and the menus, the tile and the switcher show it', async () => {
    const owner = await registerUser(e2e.server.url, { fullname: 'Olga Dona' });
    await confirmUser(e2e.server, owner);
    const parent = await createGroup(owner, SUB_PARENT);
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
