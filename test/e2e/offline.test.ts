// A technician without signal: the group opens from the device, changes made offline wait on it
// (and are counted), and reach the server once the connection is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmUser, createGroup, registerUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, launchProfile, newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();
const profileDir = mkdtempSync(path.join(tmpdir(), 'moneta-offline-profile-'));
afterAll(() => rmSync(profileDir, { recursive: true, force: true }));

describe('offline', () => {
  it('opens the group from the device and sends what changed offline once back online', async () => {
    const user = await registerUser(e2e.server.url, { fullname: 'Téo Campo' });
    await confirmUser(e2e.server, user);
    const db = await createGroup(user, 'Oficina Móvel');
    const context = await launchProfile(profileDir, e2e.server.url);
    const page = context.pages()[0] ?? (await context.newPage());
    const app = new AppPage(page);
    await app.login(user.email, user.password);
    await page.waitForURL((url) => url.pathname === `/account/${db}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await app.openAdmin();
    await app.settled();
    const sync = page.locator('[data-sync-state]');
    await expect.poll(() => sync.getAttribute('data-sync-state')).toBe('online');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: app.t('admin.title') }).waitFor();
    await page.getByText('Oficina Móvel').first().waitFor();
    await expect.poll(() => sync.getAttribute('data-sync-state')).toBe('offline');
    // Counters come from the device's own views: no network error anywhere on the page.
    await page.getByText(app.t('admin.tiles.memberships')).waitFor();
    expect(await page.getByText(app.t('errors.Network-error')).count()).toBe(0);

    const checklist = app.field('checklist');
    expect(await checklist.isChecked()).toBe(false);
    await checklist.check();
    await expect.poll(() => checklist.isChecked()).toBe(true);
    await expect.poll(() => page.locator('[data-pending]').getAttribute('data-pending')).toBe('1');

    // Records created and edited on the device, still without a network.
    await page.goto(`/account/${db}/customers/new`);
    await app.field('name').fill('Cliente Sem Sinal');
    await app.button('actions.save').click();
    await page.getByRole('heading', { name: 'Cliente Sem Sinal' }).waitFor();
    const customerId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('link', { name: app.t('actions.edit') }).click();
    await app.field('company_name').fill('Oficina do Campo');
    await app.button('actions.save').click();
    await page.getByText('Oficina do Campo').waitFor();
    // The setting, the customer and its two timeline entries wait on the device.
    await expect.poll(() => page.locator('[data-pending]').getAttribute('data-pending')).toBe('4');
    expect((await user.client.get(`/db/${db}/${customerId}`)).status).toBe(404);
    await screenshots(page, 'offline-pending');
    const onServer = async () => {
      const res = await user.client.post<{ docs: Array<{ value: string }> }>(`/db/${db}/_find`, {
        selector: { klass: 'Adjustment', key: 'checklist' },
      });
      return res.body.docs.map((d) => d.value);
    };
    expect(await onServer()).toEqual(['disabled']);

    await context.setOffline(false);
    await expect.poll(onServer, { timeout: 20_000 }).toEqual(['enabled']);
    await expect
      .poll(
        async () => (await user.client.get<{ company_name?: string }>(`/db/${db}/${customerId}`)).body.company_name,
        {
          timeout: 20_000,
        },
      )
      .toBe('Oficina do Campo');
    await expect.poll(() => page.locator('[data-pending]').getAttribute('data-pending'), { timeout: 20_000 }).toBe('0');
    await expect.poll(() => sync.getAttribute('data-sync-state')).toBe('online');
    await context.close();
  });
});

describe('a group never opened on this device', () => {
  it('says offline that the group is not on this device yet, and opens it once the connection is back', async () => {
    const user = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, user);
    const opened = await createGroup(user, 'Oficina Aberta');
    const elsewhere = await createGroup(user, 'Oficina Distante');
    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
    try {
      const page = await context.newPage();
      const app = new AppPage(page);
      await app.login(user.email, user.password);
      await page.waitForURL((url) => url.pathname !== '/user/login');
      await page.goto(`/account/${opened}`);
      await app.installed();
      await app.synced(opened);

      await context.setOffline(true);
      await page.goto(`/account/${elsewhere}`);
      await app.heading('errorTitles.not_on_device').waitFor();
      await page.getByText(app.t('errorPages.not_on_device')).waitFor();
      expect(await page.getByText(app.t('errorTitles.undefined_error')).count()).toBe(0);
      await screenshots(page, 'offline-not-on-device', { fullPage: false });

      await context.setOffline(false);
      await app.heading('dashboard.title').waitFor({ timeout: 20_000 });
      await page.getByText('Oficina Distante').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('an ended session', () => {
  it('keeps changes made meanwhile and sends them after signing in again', async () => {
    const user = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, user);
    const db = await createGroup(user, 'Oficina Noturna');
    const dir = mkdtempSync(path.join(tmpdir(), 'moneta-relogin-profile-'));
    const context = await launchProfile(dir, e2e.server.url);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const app = new AppPage(page);
      await app.login(user.email, user.password);
      await page.waitForURL((url) => url.pathname === `/account/${db}`);
      await app.openAdmin();
      await app.settled();

      await context.setOffline(true);
      await app.field('maintenance').check();
      await expect.poll(() => page.locator('[data-pending]').getAttribute('data-pending')).toBe('1');
      // The session ends while the device is away.
      await context.clearCookies();
      await context.setOffline(false);
      const dialog = page.getByRole('dialog');
      await dialog.getByText(app.t('relogin.changesKept')).waitFor({ timeout: 20_000 });
      await dialog.locator('[name="password"]').fill(user.password);
      await dialog.getByRole('button', { name: app.t('login.submit') }).click();
      await dialog.waitFor({ state: 'hidden' });
      const onServer = async () =>
        (
          await user.client.post<{ docs: Array<{ value: string }> }>(`/db/${db}/_find`, {
            selector: { klass: 'Adjustment', key: 'maintenance' },
          })
        ).body.docs.map((d) => d.value);
      await expect.poll(onServer, { timeout: 30_000 }).toEqual(['enabled']);
      await expect
        .poll(() => page.locator('[data-pending]').getAttribute('data-pending'), { timeout: 20_000 })
        .toBe('0');
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
