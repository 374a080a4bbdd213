// The generic resource screens on customers, and what happens when two devices change one
// record while offline: disjoint fields merge, the field changed on both sides waits for a person.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

/** `user`, signed in already, on group `db`'s `page` (its dashboard unless said). */
async function signIn(page: Page, user: TestUser, db: string, path = ''): Promise<AppPage> {
  const app = new AppPage(page);
  await app.openSignedIn(user, `/account/${db}${path}`);
  return app;
}

describe('resource screens', () => {
  it('list, create with field errors, show, edit, search and delete customers', async () => {
    const user = await registerUser(e2e.server.url, { fullname: 'Célia Registro' });
    await confirmUser(e2e.server, user);
    const db = await createGroup(user, 'Oficina Records');
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = await signIn(page, user, db, '/customers');

    await app.heading('records.customers.title').waitFor();
    await page.getByText(app.t('records.customers.empty')).waitFor();
    await screenshots(page, 'customers-empty');
    await app.link('records.customers.new').first().click();
    await app.heading('records.customers.new').waitFor();
    await app.field('email').fill('not-an-address');
    await app.button('actions.save').click();
    await expect.poll(() => app.fieldError('name').textContent()).toBe(app.t('errors.cant-be-blank'));
    expect(await app.fieldError('email').textContent()).toBe(app.t('errors.is-invalid'));
    await screenshots(page, 'customer-form-errors');

    await app.fill({ name: 'Joana Conceição', email: 'joana@example.com', company_name: 'Padaria Sol' });
    await page
      .getByRole('button', { name: app.t('resource.addRow', { label: app.t('records.customers.fields.phones') }) })
      .click();
    await app.field('phones.0.number').fill('+55 11 99999-0000');
    await app.button('actions.save').click();
    await page.waitForURL(/\/customers\/cus-[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Joana Conceição' }).waitFor();
    await page.getByText('+55 11 99999-0000').waitFor();
    // A tap on the number calls it.
    expect(await page.getByRole('link', { name: '+55 11 99999-0000' }).getAttribute('href')).toBe('tel:+5511999990000');
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect
      .poll(async () => (await user.client.get<{ name?: string }>(`/db/${db}/${id}`)).body.name, { timeout: 20_000 })
      .toBe('Joana Conceição');
    await page.getByText(app.t('resource.changes.create', { name: 'Célia Registro' })).waitFor();
    await screenshots(page, 'customer-show');

    await page.getByRole('link', { name: app.t('actions.edit') }).click();
    await app.field('company_name').fill('Padaria Lua');
    await app.button('actions.save').click();
    await page.getByText('Padaria Lua').waitFor();

    for (const name of ['Ana Souza', 'Bruno Lima']) {
      await page.goto(`/account/${db}/customers/new`);
      await app.field('name').fill(name);
      await app.button('actions.save').click();
      await page.getByRole('heading', { name }).waitFor();
    }
    await page.goto(`/account/${db}/customers`);
    await expect.poll(() => page.locator('[data-record]').count(), { timeout: 10_000 }).toBe(3);
    await screenshots(page, 'customers-index');
    await page.locator('input[name="q"]').fill('conceicao');
    await expect.poll(() => page.locator('[data-record]').count()).toBe(1);
    await page.locator('input[name="q"]').fill('zzz');
    await page.getByText(app.t('resource.noMatch')).waitFor();
    await page.locator('input[name="q"]').fill('');
    await page.getByRole('button', { name: app.t('resource.advancedSearch') }).click();
    await page.getByRole('combobox', { name: app.t('resource.direction') }).click();
    await page.getByRole('option', { name: app.t('resource.desc') }).click();
    await expect.poll(() => page.locator('[data-record] a').first().textContent()).toBe('Joana Conceição');

    // The whole row opens the record, not only its link: a thumb taps the row anywhere.
    await page.locator('[data-record]', { hasText: 'Bruno Lima' }).locator('td').nth(1).click();
    await page.getByRole('heading', { name: 'Bruno Lima' }).waitFor();
    await page.getByRole('button', { name: app.t('actions.delete') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: app.t('actions.delete') })
      .click();
    await app.heading('records.customers.title').waitFor();
    await expect.poll(() => page.locator('[data-record]').count(), { timeout: 10_000 }).toBe(2);

    // The same screens in Portuguese and in the dark theme.
    await app.chooseLanguage('pt-BR');
    await app.toggleTheme();
    await app.heading('records.customers.title').waitFor();
    await screenshots(page, 'customers-index-pt-dark');
    await page.locator('[data-record] a', { hasText: 'Joana' }).click();
    await page.getByRole('heading', { name: 'Joana Conceição' }).waitFor();
    await page.getByText(app.t('records.customers.fields.company_name')).first().waitFor();
    await screenshots(page, 'customer-show-pt-dark');
    await page.getByRole('link', { name: app.t('actions.edit') }).click();
    await app.field('email').fill('joana@');
    await app.button('actions.save').click();
    await expect.poll(() => app.fieldError('email').textContent()).toBe(app.t('errors.is-invalid'));
    await screenshots(page, 'customer-form-pt-dark');
    await context.close();
  });

  it('shows a handbook as formatted text, its raw HTML escaped, with the renderer loaded only there', async () => {
    const user = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, user);
    const db = await createGroup(user, 'Oficina Manuais');
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = await signIn(page, user, db);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/account/${db}/handbooks/new`);
    await app.field('title').fill('Compressor');
    await app.field('content').fill('Check the **relay** first.\n\n<img src=x onerror=alert(1)>');
    expect(asked.filter((path) => /\/markdown-[\w-]+\.js$/.test(path))).toEqual([]);
    await app.button('actions.save').click();
    await page.getByRole('heading', { name: 'Compressor' }).waitFor();
    await page.locator('.markdown strong', { hasText: 'relay' }).waitFor();
    expect(await page.locator('.markdown img').count()).toBe(0);
    await page.locator('.markdown', { hasText: '<img src=x onerror=alert(1)>' }).waitFor();
    await context.close();
  });

  it('refuses bad records over /db with a reason per field', async () => {
    const user = await registerUser(e2e.server.url);
    const db = await createGroup(user, 'Oficina API');
    const id = `cus-${randomUUID()}`;
    const bad = await user.client.put(`/db/${db}/${id}`, { klass: 'Customer', email: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.reason).toEqual({ name: ["can't be blank"], email: ['is invalid'] });
    expect((await user.client.get(`/db/${db}/${id}`)).status).toBe(404);
  });
});

/** One customer open for editing on two devices of the same person, as the app installed on each. */
async function twoDevices(groupName: string) {
  const user = await registerUser(e2e.server.url, { fullname: 'Rita Campo' });
  await confirmUser(e2e.server, user);
  const db = await createGroup(user, groupName);
  const id = `cus-${randomUUID()}`;
  const created = await user.client.put<{ rev: string }>(`/db/${db}/${id}`, {
    klass: 'Customer',
    name: 'Original',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  });
  expect(created.status).toBe(201);

  const devices = await Promise.all(
    [0, 1].map(async () => {
      const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
      const page = await context.newPage();
      const app = await signIn(page, user, db);
      // As on a device where the app was installed before: the service worker serves the app.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.goto(`/account/${db}/customers/${id}/edit`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await expect.poll(() => app.field('name').inputValue(), { timeout: 20_000 }).toBe('Original');
      return { context, page, app };
    }),
  );
  const [a, b] = devices as [(typeof devices)[number], (typeof devices)[number]];
  const pending = (page: Page) => page.locator('[data-pending]').getAttribute('data-pending');
  const onServer = async () => (await user.client.get<Record<string, unknown>>(`/db/${db}/${id}?conflicts=true`)).body;
  /** Offline on both, each saves its changes; then A reconnects and sends, then B. */
  const editOfflineThenReconnect = async (fromA: Record<string, string>, fromB: Record<string, string>) => {
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    for (const [device, values] of [
      [a, fromA],
      [b, fromB],
    ] as const) {
      await device.app.fill(values);
      await device.app.button('actions.save').click();
      await device.page.waitForURL((url) => !url.pathname.endsWith('/edit'));
    }
    // Each device sends its change once back online; on a machine busy with other work a sync
    // round (pull, merge, push) takes longer, so the wait is for the state, with room for that.
    await a.context.setOffline(false);
    await expect.poll(() => pending(a.page), { timeout: 60_000 }).toBe('0');
    await b.context.setOffline(false);
    await expect.poll(() => pending(b.page), { timeout: 60_000 }).toBe('0');
  };
  const close = async () => {
    for (const { context } of devices) await context.close();
  };
  return { user, db, id, a, b, devices, onServer, editOfflineThenReconnect, close };
}

describe('conflicts', () => {
  it('merges disjoint offline changes and offers the field changed on both devices', async () => {
    const { user, db, id, b, devices, onServer, editOfflineThenReconnect, close } =
      await twoDevices('Oficina Conflito');
    await editOfflineThenReconnect(
      { name: 'Name from A', email: 'a@example.com' },
      { name: 'Name from B', company_name: 'Company B' },
    );

    // Both revisions are kept on the server until someone chooses.
    await expect.poll(async () => ((await onServer())._conflicts as string[] | undefined)?.length ?? 0).toBe(1);

    for (const { page } of devices) {
      const panel = page.locator(`[data-conflict="${id}"]`);
      await panel.waitFor({ timeout: 20_000 });
      // The fields changed on one side only are merged on the page already.
      await page.getByText('a@example.com').waitFor();
      await page.getByText('Company B').waitFor();
      expect(
        await panel
          .locator('[data-conflict-field]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-conflict-field'))),
      ).toEqual(['name']);
      // The panel names what merged by itself, and the navbar counts the record waiting.
      expect(await panel.locator('[data-merged-fields]').getAttribute('data-merged-fields')).toBe('company_name email');
      await expect.poll(() => page.locator('[data-conflicts]').getAttribute('data-conflicts')).toBe('1');
    }
    await screenshots(b.page, 'record-conflict');
    // The list flags the record too, not only its page.
    await b.page.goto(`/account/${db}/customers`);
    await b.page.locator(`[data-record="${id}"] [data-conflict-flag]`).waitFor();
    await screenshots(b.page, 'records-conflict-flag');
    await b.page.goto(`/account/${db}/customers/${id}`);

    const panel = b.page.locator(`[data-conflict="${id}"]`);
    await panel.locator('label', { hasText: 'Name from B' }).click();
    await panel.getByRole('button', { name: b.app.t('conflicts.resolve') }).click();
    await expect
      .poll(
        async () => {
          const doc = await onServer();
          return { name: doc.name, email: doc.email, company: doc.company_name, conflicts: doc._conflicts ?? [] };
        },
        { timeout: 20_000 },
      )
      .toEqual({ name: 'Name from B', email: 'a@example.com', company: 'Company B', conflicts: [] });
    for (const { page } of devices) {
      await expect.poll(() => page.locator(`[data-conflict="${id}"]`).count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(() => page.locator('[data-conflicts]').getAttribute('data-conflicts')).toBe('0');
      await page.getByRole('heading', { name: 'Name from B' }).waitFor({ timeout: 20_000 });
      await page.getByText('a@example.com').waitFor();
    }
    // Nothing was lost unasked: the losing revision was closed by the resolution, not replaced.
    const res = await user.client.raw('GET', `/db/${db}/${id}?open_revs=all`, {
      headers: { accept: 'application/json' },
    });
    const revs = (await res.json()) as Array<{ ok?: { _deleted?: boolean; name?: string } }>;
    expect(revs.length).toBe(2);
    expect(revs.filter((r) => !r.ok?._deleted).map((r) => r.ok?.name)).toEqual(['Name from B']);
    await close();
  });

  it('merges changes to different fields by themselves, the same way on both devices', async () => {
    const { devices, onServer, editOfflineThenReconnect, close } = await twoDevices('Oficina Mescla');
    await editOfflineThenReconnect({ email: 'merged@example.com' }, { company_name: 'Merged Company' });
    await expect
      .poll(
        async () => {
          const doc = await onServer();
          return { email: doc.email, company: doc.company_name, name: doc.name, conflicts: doc._conflicts ?? [] };
        },
        { timeout: 30_000 },
      )
      .toEqual({ email: 'merged@example.com', company: 'Merged Company', name: 'Original', conflicts: [] });
    for (const { page } of devices) {
      await page.getByText('merged@example.com').waitFor({ timeout: 20_000 });
      await page.getByText('Merged Company').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-conflict]').count()).toBe(0);
    }
    await close();
  });
});
