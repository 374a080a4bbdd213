// Sync outcomes as a technician meets them: a change the server refuses is shown with its reason
// and can be discarded while the rest flows; losing access to a group with unsent work offers the
// work as a file before the device's copy goes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addMember, confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, newContext, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

async function setting(user: TestUser, db: string, key: string, value: string): Promise<void> {
  const found = await user.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
    selector: { klass: 'Adjustment', key },
  });
  const doc = found.body.docs[0]!;
  expect((await user.client.put(`/db/${db}/${String(doc._id)}`, { ...doc, value })).status).toBe(201);
}

describe('sync outcomes', () => {
  it('shows a refused change with the server’s reason, lets it be discarded, and keeps the rest flowing', async () => {
    const owner = await registerUser(e2e.server.url, { fullname: 'Olga Dona' });
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Oficina Central');
    const ticket = `tik-${crypto.randomUUID()}`;
    const created = await owner.client.put(`/db/${db}/${ticket}`, {
      klass: 'Ticket',
      number: '1-1',
      title: 'Bomba d’água',
      status: 'doing',
      priority: 'high',
      ticket_kind: 'chore',
    });
    expect(created.status).toBe(201);

    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(owner, `/account/${db}`);
    await page.goto(`/account/${db}/tickets/${ticket}`);
    // Installed as the app: the pages opened offline below come from the service worker (on a
    // busy machine it may not control the page yet, and the offline navigation failed).
    await app.installed();
    await page.getByText('Bomba d’água').first().waitFor();

    // At the customer's site, offline: the ticket is done (no receipt is required yet).
    await context.setOffline(true);
    await page.locator('[data-status-menu]').click();
    await page.getByRole('menuitem', { name: app.t('records.tickets.options.status.done') }).click();
    await page.getByRole('button', { name: app.t('tickets.status.confirm') }).click();
    const badge = page.locator('[data-pending]').first();
    // The ticket and its timeline entry.
    await expect.poll(() => badge.getAttribute('data-pending')).toBe('2');
    // Meanwhile the shop starts requiring the contract receipt before done, and a customer is added elsewhere.
    await setting(owner, db, 'contract-receipt', 'always');

    // Also offline, a second change that breaks no rule.
    await page.goto(`/account/${db}/customers/new`);
    await app.field('name').fill('Cliente da Estrada');
    await app.button('actions.save').click();
    await expect.poll(() => badge.getAttribute('data-pending')).toBe('4');

    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute('data-refused'), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => badge.getAttribute('data-pending')).toBe('0');
    const customers = await owner.client.post<{ docs: unknown[] }>(`/db/${db}/_find`, {
      selector: { klass: 'Customer', name: 'Cliente da Estrada' },
    });
    expect(customers.body.docs).toHaveLength(1);

    await page.locator('[data-sync-state]').click();
    const panel = page.getByRole('dialog', { name: app.t('sync.title') });
    const list = panel.getByRole('list', { name: app.t('sync.refusedTitle') });
    await list.getByText('Bomba d’água').waitFor();
    await list
      .getByText(app.t('errors.The-contract-receipt-must-be-signed-on-screen-or-on-paper-before-the-ticket-is-done'), {
        exact: false,
      })
      .waitFor();
    await screenshots(page, 'sync-refused', { fullPage: false });
    await panel.getByRole('button', { name: app.t('sync.discard') }).click();
    await expect.poll(() => badge.getAttribute('data-refused')).toBe('0');
    await panel.getByRole('button', { name: app.t('actions.close') }).click();
    await page.goto(`/account/${db}/tickets/${ticket}`);
    await page.getByText(app.t('records.tickets.options.status.doing')).first().waitFor();
    expect((await owner.client.get<{ status: string }>(`/db/${db}/${ticket}`)).body.status).toBe('doing');
    await context.close();
  });

  it('stops counting a change the server took when the page reloaded before hearing so', async () => {
    const owner = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Oficina Recarregada');
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(owner, `/account/${db}`);
    await app.synced(db);
    const badge = page.locator('[data-pending]').first();
    const names = ['Cliente Um', 'Cliente Dois'];
    for (const name of names) {
      // The push reaches the server, which stores it; its answer never reaches the page, which reloads.
      let reached!: () => void;
      const stored = new Promise<void>((resolve) => (reached = resolve));
      const pushes = `**/db/${db}/_bulk_docs`;
      await page.route(pushes, async (route) => {
        // A push of something else (the record's history entry, sent in a batch of its own on a
        // busy machine) goes through as usual: the one held back is the record's.
        if (!(route.request().postData() ?? '').includes(name)) return route.continue();
        await route.fetch();
        reached();
      });
      await page.goto(`/account/${db}/customers/new`);
      await app.field('name').fill(name);
      await app.button('actions.save').click();
      await page.getByRole('heading', { name }).waitFor();
      await stored;
      await page.reload();
      await page.unroute(pushes);
      await page.getByRole('heading', { name }).waitFor();
    }
    const onServer = await owner.client.post<{ docs: unknown[] }>(`/db/${db}/_find`, {
      selector: { klass: 'Customer' },
    });
    expect(onServer.body.docs).toHaveLength(names.length);
    // Once the live sync after the reload has caught up (the state that decides it, not a time: a
    // busy machine takes longer), the count says what the server lacks: nothing. Before, it stayed
    // at 4 past that point, for minutes.
    await app.synced(db);
    await expect.poll(() => badge.getAttribute('data-pending')).toBe('0');
    await context.close();
  });

  it('offers unsent work as a file when access to the group is lost, then removes the copy', async () => {
    const owner = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Oficina Temporária');
    const member = await addMember(e2e.server, owner, db);
    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(member, `/account/${db}`);
    await app.installed();
    await app.synced(db);

    await context.setOffline(true);
    await page.goto(`/account/${db}/customers/new`);
    await app.field('name').fill('Cliente Sem Acesso');
    await app.button('actions.save').click();
    // The customer and its timeline entry.
    await expect.poll(() => page.locator('[data-pending]').first().getAttribute('data-pending')).toBe('2');
    const membership = await owner.client.get<{ _rev: string }>(`/db/${db}/${member.membershipId}`);
    expect((await owner.client.delete(`/db/${db}/${member.membershipId}?rev=${membership.body._rev}`)).status).toBe(
      200,
    );
    // The server takes the access away in the background: the device comes back after it has.
    await expect.poll(async () => (await member.client.get(`/db/${db}`)).status).toBe(403);
    await context.setOffline(false);

    const dialog = page.getByRole('dialog', { name: app.t('sync.revokedTitle', { name: 'Oficina Temporária' }) });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText(app.t('sync.revokedBody_other', { count: 2 })).waitFor();
    await screenshots(page, 'sync-revoked', { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: app.t('sync.saveChanges_other', { count: 2 }) }).click(),
    ]);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      changes: Array<{ doc: { klass: string; name?: string } }>;
    };
    expect(saved.changes.map((c) => c.doc.klass).sort()).toEqual(['Customer', 'DocumentChange']);
    expect(saved.changes.find((c) => c.doc.klass === 'Customer')!.doc.name).toBe('Cliente Sem Acesso');
    await dialog.getByRole('button', { name: app.t('sync.removeCopy') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => app.offlineDatabases()).not.toContain(db);
    await context.close();
  });
});
