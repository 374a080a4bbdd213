// Session expiry, new versions, the confirmation countdown and signing out (keeping or removing
// the offline data), as a person meets them.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { e2eHarness } from './support/harness.ts';
import { DESKTOP, newContext, screenshots } from './support/browser.ts';

const e2e = e2eHarness();

async function signedInPage(viewport?: { width: number; height: number }) {
  const user = await registerUser(e2e.server.url);
  const context = await newContext(e2e.browser, e2e.server.url, viewport);
  const page = await context.newPage();
  const app = new AppPage(page);
  await app.openSignedIn(user, '/account/new'); // no groups yet: group creation
  return { user, context, page, app };
}

/** Every IndexedDB database of the app in this browser (replicas, their views and indexes). */
function appDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).flatMap((db) => (db.name?.includes('moneta-') ? [db.name] : [])),
  );
}

function maintenanceOnServer(user: TestUser, db: string): Promise<string[]> {
  return user.client
    .post<{ docs: Array<{ value: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Adjustment', key: 'maintenance' },
    })
    .then((res) => res.body.docs.map((d) => d.value));
}

/** A confirmed person with a new group, signed in on a new device and on the group's page. */
async function signedInOnNewGroup(groupName: string) {
  const user = await registerUser(e2e.server.url);
  await confirmUser(e2e.server, user);
  const db = await createGroup(user, groupName);
  const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
  const page = await context.newPage();
  const app = new AppPage(page);
  // Through the form, as a person does. (Its page-load test below once asserted that no spinner
  // showed, and failed on loaded machines whichever way the device was signed in: docs/testing.md.)
  await app.login(user.email, user.password);
  await app.waitForPath(`/account/${db}`);
  return { user, db, context, page, app };
}

/** An administrator switches a feature on while offline: one change waits on the device. */
async function offlineChange(groupName: string) {
  const { user, db, context, page, app } = await signedInOnNewGroup(groupName);
  await app.openAdmin();
  await app.settled();
  // Offline works once the app is installed (its code on the device): the logout dialog and the
  // other parts opened over a page load when first opened, as the pages not visited yet do.
  await app.installed();
  await context.setOffline(true);
  await app.field('maintenance').check();
  await expect.poll(() => page.locator('[data-pending]').first().getAttribute('data-pending')).toBe('1');
  return { user, db, context, page, app };
}

/** Signed in on a group this device holds (synced once, the app installed), on its dashboard. */
async function groupOnDevice(groupName: string) {
  const { user, db, context, page, app } = await signedInOnNewGroup(groupName);
  await app.installed();
  await app.synced(db);
  await app.heading('dashboard.title').waitFor();
  return { user, db, context, page, app };
}

describe('session and shell', () => {
  it('opens the re-login modal, pre-filled, when the session ends, and carries on after signing in', async () => {
    const { user, context, page, app } = await signedInPage();
    await page.goto('/user/profile?page=user_tokens');
    await app.button('tokens.create').waitFor();
    await context.clearCookies();
    // Any call now meets a 401: reloading the tokens by switching tabs, unless a background call
    // (live sync) met it first and the dialog already covers the tabs.
    const dialog = page.getByRole('dialog');
    for (const tab of ['profile', 'user_tokens']) {
      if (await dialog.isVisible()) break;
      await page
        .getByRole('tab', { name: app.t(`profile.tabs.${tab}`) })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    // Nothing is wrong with the person's work: no red "access denied", their changes are kept.
    await dialog.getByText(app.t('relogin.changesKept')).waitFor();
    expect(await dialog.getByText(app.t('errors.Please-login-again')).count()).toBe(0);
    expect(await dialog.locator('[name="username"]').inputValue()).toBe(user.email);
    await screenshots(page, 'relogin');
    await dialog.locator('[name="password"]').fill('not the password');
    await dialog.getByRole('button', { name: app.t('login.submit') }).click();
    await dialog.getByText(app.t('errors.Email-or-password-is-incorrect')).waitFor();
    await dialog.locator('[name="password"]').fill(user.password);
    await dialog.getByRole('button', { name: app.t('login.submit') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    await context.close();
  });

  it('shows the new-version notice when the server answers with another version', async () => {
    const { context, page, app } = await signedInPage({ width: 390, height: 844 });
    const original = e2e.server.ctx.version;
    e2e.server.ctx.version = { version: `${original.version}-next`, sha: 'next' };
    try {
      await page.goto('/user/profile?page=data');
      await page.getByText(app.t('newVersion.message')).waitFor();
      await screenshots(page, 'new-version');
    } finally {
      e2e.server.ctx.version = original;
    }
    await context.close();
  });

  it('counts the confirmation days down, in the singular for the last day', async () => {
    const user = await registerUser(e2e.server.url);
    const context = await newContext(e2e.browser, e2e.server.url);
    // The browser lives 29.5 days after the sign-up; the server keeps the real time.
    await context.clock.install({ time: new Date(Date.now() + 29.5 * 24 * 3600_000) });
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(user, '/account/new'); // no groups yet: group creation
    await page.getByText(app.t('banner.daysLeft_one', { count: 1 })).waitFor();
    await app.chooseLanguage('pt-BR');
    await page.getByText(app.t('banner.daysLeft_one', { count: 1 })).waitFor();
    await screenshots(page, 'banner-last-day-pt');
    await context.close();
  });
  it('asks at logout whether to keep the offline data, removing it by default (a shared device)', async () => {
    const user = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, user);
    const db = await createGroup(user, 'Oficina Compartilhada');
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    /** Documents in the replica's IndexedDB store (pouchdb-browser's idb adapter). */
    const storedDocs = () =>
      page.evaluate(
        (name) =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open(`_pouch_moneta-${name}`);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              try {
                const count = open.result.transaction('document-store').objectStore('document-store').count();
                count.onsuccess = () => resolve(count.result);
                count.onerror = () => reject(count.error);
              } catch (error) {
                reject(error as Error);
              } finally {
                open.result.close();
              }
            };
          }),
        db,
      );
    await app.login(user.email, user.password);
    await app.waitForPath(`/account/${db}`);
    await expect.poll(() => app.offlineDatabases()).toEqual(expect.arrayContaining([db, user.id]));
    await expect.poll(storedDocs).toBeGreaterThan(0);

    // The person's own device: they choose to keep it, and the replicas stay, with their data.
    let dialog = await app.openLogoutDialog();
    const keepData = () => dialog.getByRole('checkbox', { name: app.t('nav.logoutKeepData') });
    expect(await keepData().isChecked()).toBe(false);
    await keepData().check();
    await screenshots(page, 'logout-keep-data', { fullPage: false });
    await dialog.getByRole('button', { name: app.t('nav.logout'), exact: true }).click();
    await app.waitForPath('/user/login');
    expect((await context.cookies()).find((c) => c.name === 'moneta_session')).toBeUndefined();
    expect(await app.offlineDatabases()).toEqual(expect.arrayContaining([db, user.id]));
    expect(await storedDocs()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('moneta.replicas'))).toContain(db);

    // Signed in again, then out with the dialog as it opens: nothing is left on the device, and
    // the login page shows only once it is all gone (views the dashboard was building included).
    await app.login(user.email, user.password);
    await app.waitForPath(`/account/${db}`);
    dialog = await app.openLogoutDialog();
    expect(await keepData().isChecked()).toBe(false);
    await dialog.getByRole('button', { name: app.t('nav.logout'), exact: true }).click();
    await app.waitForPath('/user/login');
    expect(await appDatabases(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('moneta.replicas'))).toBeNull();
    await context.close();
  });

  it('keeps unsent changes at logout unless the person knowingly deletes them, and sends them at the next sign-in', async () => {
    const { user, db, context, page, app } = await offlineChange('Oficina Itinerante');
    const dialog = await app.openLogoutDialog();
    await dialog.getByText(app.t('logout.unsent_one', { count: 1 })).waitFor();
    expect(await dialog.getByRole('radio', { name: app.t('logout.keepUnsent_one', { count: 1 }) }).isChecked()).toBe(
      true,
    );
    await screenshots(page, 'logout-unsent', { fullPage: false });
    await dialog.getByRole('button', { name: app.t('nav.logout'), exact: true }).click();
    await app.waitForPath('/user/login');
    expect(await app.offlineDatabases()).toEqual(expect.arrayContaining([db]));
    await context.setOffline(false);
    await app.login(user.email, user.password);
    await app.waitForPath(`/account/${db}`);
    await expect.poll(() => maintenanceOnServer(user, db), { timeout: 30_000 }).toEqual(['enabled']);
    await context.close();
  });

  it('says in the re-login dialog that changes are kept, and signing out from there keeps them', async () => {
    const { user, db, context, page, app } = await offlineChange('Oficina da Serra');
    await context.clearCookies();
    await context.setOffline(false);
    const relogin = page.getByRole('dialog', { name: app.t('relogin.title') });
    await relogin.getByText(app.t('relogin.changesKept')).waitFor({ timeout: 20_000 });
    await relogin.getByRole('button', { name: app.t('nav.logout') }).click();
    const dialog = page.getByRole('dialog', { name: app.t('nav.logoutTitle') });
    await dialog.getByText(app.t('logout.unsentSignIn_one', { count: 1 })).waitFor();
    expect(await dialog.getByRole('radio', { name: app.t('logout.keepUnsent_one', { count: 1 }) }).isChecked()).toBe(
      true,
    );
    await dialog.getByRole('button', { name: app.t('nav.logout'), exact: true }).click();
    await app.waitForPath('/user/login');
    expect(await app.offlineDatabases()).toEqual(expect.arrayContaining([db]));
    await app.login(user.email, user.password);
    await app.waitForPath(`/account/${db}`);
    await expect.poll(() => maintenanceOnServer(user, db), { timeout: 30_000 }).toEqual(['enabled']);
    await context.close();
  });

  it('keeps the group open when the session check fails (5xx, a page that is not JSON), and recovers', async () => {
    const { db, context, page, app } = await groupOnDevice('Oficina do Deploy');
    const sync = page.locator('[data-sync-state]');
    const answers = [
      { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
      { status: 500, contentType: 'application/json', body: '{"error":"internal_server_error"}' },
      { status: 503, contentType: 'text/plain', body: '' },
      { status: 200, contentType: 'text/html', body: '<!doctype html><title>Maintenance</title>' },
    ];
    for (const answer of answers) {
      const checks = '**/db/_session';
      await page.route(checks, (route) =>
        route.request().method() === 'GET' ? route.fulfill(answer) : route.continue(),
      );
      await page.reload();
      await app.heading('dashboard.title').waitFor();
      await expect.poll(() => sync.getAttribute('data-sync-state')).toBe('error');
      expect(new URL(page.url()).pathname, `after a ${answer.status}`).toBe(`/account/${db}`);
      if (answer.status === 502) {
        await sync.click();
        const panel = page.getByRole('dialog', { name: app.t('sync.title') });
        await panel.getByText(app.t('sync.sessionUnchecked')).waitFor();
        await screenshots(page, 'session-unchecked', { fullPage: false });
        await panel.getByRole('button', { name: app.t('actions.close') }).click();
        await panel.waitFor({ state: 'hidden' });
      }
      await page.unroute(checks);
      // Checked again on its own: the status comes back, still on the same page.
      await expect.poll(() => sync.getAttribute('data-sync-state'), { timeout: 20_000 }).toBe('online');
      expect(new URL(page.url()).pathname).toBe(`/account/${db}`);
    }
    await context.close();
  });

  it('opens a group on the device on a full page load without waiting for the server', async () => {
    const { db, context, page, app } = await groupOnDevice('Oficina Ligeira');
    // Every call to the server is held until the group's page has been drawn: a page that waited
    // for one (the session check, the group's record, its settings, its texts) would never draw.
    // The page's own code and texts come from the service worker, which these routes do not see.
    // Whether a spinner shows meanwhile is a matter of time (any wait over 500 ms shows one, and a
    // loaded machine takes that long to open IndexedDB): bench:tickets measures the launch's time.
    const serverCalls = /\/(db|api)\//;
    for (let load = 0; load < 3; load++) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held: string[] = [];
      await page.route(serverCalls, async (route) => {
        held.push(new URL(route.request().url()).pathname);
        await released;
        // A call of the page before the reload is gone with it.
        await route.fallback().catch(() => undefined);
      });
      await page.reload();
      await app.heading('dashboard.title').waitFor();
      await page.getByRole('banner').getByText('Oficina Ligeira').waitFor();
      expect(held).toContain('/db/_session');
      release();
      await page.unroute(serverCalls);
      // Then the server's answers arrive, and the live sync catches up again.
      await app.synced(db);
      await app.settled();
    }
    expect(new URL(page.url()).pathname).toBe(`/account/${db}`);
    await context.close();
  });
});
