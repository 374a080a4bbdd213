// A technician's visit without signal, from start to end: customer, equipment, a ticket from a
// category with a checklist, a comment, an estimate, the customer's signature and the printed
// contract receipt, all on the device; back online, all of it is on the server. Then the shop's
// side: the board moves the ticket to done, and the dashboard bars and the navbar badge follow.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { confirmUser, createGroup, ownerWithGroup, registerUser, type TestUser } from '../support/factories.ts';
import { AppPage } from './support/app-page.ts';
import { DESKTOP, launchProfile, newContext, PHONE, SCREENSHOTS, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();
const profileDir = mkdtempSync(path.join(tmpdir(), 'moneta-visit-profile-'));
afterAll(() => rmSync(profileDir, { recursive: true, force: true }));

/** What the visit left behind, for the screenshots that follow it. */
let visited: { user: TestUser; db: string; ticketId: string; estimateId: string; equipmentId: string } | null = null;

const RECEIPT_TEXT = 'Garantia de 90 dias para o serviço prestado.';

async function setSetting(user: TestUser, db: string, key: string, value: string): Promise<void> {
  const found = await user.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
    selector: { klass: 'Adjustment', key },
  });
  const doc = found.body.docs[0];
  expect(doc, key).toBeDefined();
  const res = await user.client.put(`/db/${db}/${String(doc!._id)}`, { ...doc, value });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function putDoc(user: TestUser, db: string, doc: Record<string, unknown>): Promise<void> {
  const res = await user.client.put(`/db/${db}/${String(doc._id)}`, doc);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Documents of one klass on the server. */
async function onServer<T = Record<string, unknown>>(user: TestUser, db: string, klass: string): Promise<T[]> {
  const res = await user.client.post<{ docs: T[] }>(`/db/${db}/_find`, { selector: { klass }, limit: 1000 });
  return res.body.docs;
}

/** A customer's signature, drawn with the mouse on the receipt's pad. */
async function signOnPad(page: Page): Promise<void> {
  const pad = page.locator('canvas[data-signature-pad]');
  await pad.waitFor();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(
      box.x + box.width * (0.15 + step * 0.05),
      box.y + box.height * (0.6 - 0.25 * Math.sin(step / 2)),
      { steps: 2 },
    );
  }
  await page.mouse.up();
  await expect.poll(() => pad.getAttribute('data-strokes')).toBe('1');
}

/** The series of ticket numbers the device keeps for a group (a `_local` document of its replica). */
function deviceSeries(page: Page, db: string): Promise<number | null> {
  return page.evaluate(
    (name) =>
      new Promise<number | null>((resolve) => {
        const open = indexedDB.open(`_pouch_moneta-${name}`);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('local-store')) {
            idb.close();
            return resolve(null);
          }
          const get = idb.transaction('local-store').objectStore('local-store').get('_local/moneta-ticket-series');
          get.onsuccess = () => {
            idb.close();
            resolve((get.result as { series?: number } | undefined)?.series ?? null);
          };
          get.onerror = () => {
            idb.close();
            resolve(null);
          };
        };
      }),
    db,
  );
}

/** Pages of a PDF, as pdfinfo reads them. */
async function pdfPages(file: string): Promise<number> {
  const info = execFileSync('pdfinfo', [file]).toString();
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

async function save(app: AppPage, page: Page, heading: string): Promise<string> {
  await app.button('actions.save').click();
  await page.getByRole('heading', { name: heading }).first().waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('a technician visit, offline from the start', () => {
  it('records the whole visit on the device, then the board and dashboard follow the ticket', async () => {
    let shown: Page | null = null;
    // What the page said went wrong, told with a failure (a rare one on a busy machine).
    const said: string[] = [];
    try {
      await visit((page) => {
        shown = page;
        page.on('console', (m) => m.type() === 'error' && said.push(m.text()));
        page.on('pageerror', (e) => said.push(e.message));
      });
    } catch (error) {
      await (shown as Page | null)?.screenshot({ path: path.join(SCREENSHOTS, 'visit-failed.png'), fullPage: true });
      if (error instanceof Error && said.length) error.message += `\nthe page's errors:\n${said.join('\n')}`;
      throw error;
    }
  });
});

describe('ticket screens', () => {
  it('screenshots list, form, show, board, receipt and dashboard in en light and pt-BR dark', async () => {
    expect(visited, 'the visit ran first').not.toBeNull();
    const { user, db, ticketId, estimateId, equipmentId } = visited!;
    const context = await newContext(e2e.browser, e2e.server.url, DESKTOP, { installs: true });
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(user, `/account/${db}`);
    for (const variant of ['en-light', 'pt-dark'] as const) {
      if (variant === 'pt-dark') {
        await app.chooseLanguage('pt-BR');
        await app.toggleTheme();
      }
      const shot = async (route: string, name: string, ready: () => Promise<unknown>) => {
        await page.goto(`/account/${db}${route}`);
        await ready();
        await app.settled();
        await screenshots(page, `tickets-${name}-${variant}`);
      };
      await shot('', 'dashboard', () =>
        page.locator('[data-testid="priority-bars-open"] [role="progressbar"]').first().waitFor(),
      );
      await shot('/tickets', 'list', () => page.locator('[data-record]').first().waitFor());
      await shot('/tickets/new', 'form', () => app.field('title').waitFor());
      await shot(`/tickets/${ticketId}`, 'show', () => page.locator('li[data-comment]').first().waitFor());
      await shot('/ticket-board', 'board', () =>
        page.locator('[data-testid="ticket-board"][aria-busy="false"]').waitFor(),
      );
      await shot(`/tickets/${ticketId}/receipt/service`, 'service-receipt', () =>
        page.locator('[data-print-sheet]').first().waitFor(),
      );
      await shot(`/tickets/${ticketId}/receipt/contract`, 'contract-receipt', () =>
        page.locator('[data-print-sheet]').first().waitFor(),
      );
      await shot(`/estimates/${estimateId}`, 'estimate', () => page.locator('[data-estimate-total]').waitFor());
      await shot(`/equipment/${equipmentId}`, 'equipment-history', () =>
        page.locator('[data-history-ticket]').first().waitFor(),
      );
      // Words of the chosen language, not keys: the list header reads as the language says.
      expect(await page.getByText('records.').count()).toBe(0);
    }
    await context.close();
  });
});

async function visit(show: (page: Page) => void): Promise<void> {
  {
    const user = await registerUser(e2e.server.url, { fullname: 'Téo Técnico' });
    await confirmUser(e2e.server, user);
    const db = await createGroup(user, 'Oficina Campo');
    // The shop's setup, done earlier from the office.
    await setSetting(user, db, 'checklist', 'enabled');
    await setSetting(user, db, 'contract-receipt', 'always');
    await setSetting(user, db, 'receipt-configuration', RECEIPT_TEXT);
    const categoryId = `ctg-${crypto.randomUUID()}`;
    await putDoc(user, db, {
      _id: categoryId,
      klass: 'Category',
      name: 'Manutenção preventiva',
      checklist: 'Limpar filtros\nVerificar gás',
      active: true,
      color: '#2e7d32',
    });
    // Another open ticket, high priority, so the bars have two priorities to share.
    await putDoc(user, db, {
      _id: `tik-${crypto.randomUUID()}`,
      klass: 'Ticket',
      title: 'Compressor parado',
      status: 'open',
      priority: 'high',
      ticket_kind: 'bug',
    });

    const context = await launchProfile(profileDir, e2e.server.url);
    const page = context.pages()[0] ?? (await context.newPage());
    show(page);
    const app = new AppPage(page);
    await app.openSignedIn(user, `/account/${db}`);
    // Installed and synced before leaving the shop: the service worker controls the page.
    await app.installed();
    const sync = page.locator('[data-sync-state]');
    await expect.poll(() => sync.getAttribute('data-sync-state'), { timeout: 20_000 }).toBe('online');

    // The device claimed its series of ticket numbers when the group opened, and keeps it.
    await expect.poll(() => deviceSeries(page, db), { timeout: 20_000 }).toBeGreaterThan(0);

    // At the customer's: no signal from here on.
    await context.setOffline(true);
    await page.goto(`/account/${db}/customers/new`);
    await app.field('name').fill('Dona Rosa Almeida');
    const customerId = await save(app, page, 'Dona Rosa Almeida');

    await page.goto(`/account/${db}/equipment/new`);
    await app.fill({ identifier: 'AC-0042', description: 'Split 12000 BTU', maker: 'Frialto' });
    const equipmentId = await save(app, page, 'AC-0042');

    await page.goto(`/account/${db}/tickets/new`);
    await app.field('title').fill('Ar-condicionado pingando');
    await app.pickReference('category_id', 'Manutenção preventiva');
    await app.pickReference('customer_id', 'Dona Rosa Almeida');
    await app.pickReference('equipment_id', 'AC-0042');
    await app.field('relate_equipment_to_customer').check();
    await app.field('content').fill('Goteira na sala desde ontem');
    const ticketId = await save(app, page, 'Ar-condicionado pingando');
    // Numbered on the device from the series it claimed while online.
    const numberRow = (await page.locator('[data-field="number"]').first().textContent()) ?? '';
    const number = /\d+-\d+/.exec(numberRow)?.[0] ?? '';
    expect(number).not.toBe('');

    // The checklist came from the category; the technician ticks what was done.
    await page.getByRole('checkbox', { name: 'Limpar filtros' }).check();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Limpar filtros' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Verificar gás' }).isChecked()).toBe(false);
    await page.getByText(app.t('tickets.checklist.progress', { done: 1, total: 2 })).waitFor();

    await page.getByRole('textbox', { name: app.t('tickets.comments.field') }).fill('Dreno entupido, limpo no local.');
    await page.getByRole('button', { name: app.t('tickets.comments.add') }).click();
    await page.locator('li[data-comment]').getByText('Dreno entupido, limpo no local.').waitFor();
    await screenshots(page, 'visit-ticket');

    await page.goto(`/account/${db}/estimates/new?ticket_id=${ticketId}&customer_id=${customerId}`);
    await app.field('description').fill('Limpeza e carga de gás');
    const addItem = page.getByRole('button', {
      name: app.t('resource.addRow', { label: app.t('records.estimates.fields.items') }),
    });
    await addItem.click();
    await app.fill({ 'items.0.description': 'Carga de gás R410A', 'items.0.quantity': '1', 'items.0.value': '180' });
    await addItem.click();
    await app.fill({ 'items.1.description': 'Limpeza do dreno', 'items.1.quantity': '2', 'items.1.value': '45.50' });
    const estimateId = await save(app, page, 'Limpeza e carga de gás');

    // The customer signs the contract receipt on the technician's screen.
    await page.goto(`/account/${db}/tickets/${ticketId}`);
    await page.getByRole('link', { name: app.t('receipts.contractTitle') }).click();
    await signOnPad(page);
    await app.field('legible_name').fill('Rosa Almeida');
    await app.button('receipts.sign.save').click();
    await page.getByText(app.t('receipts.sign.saved')).waitFor();
    await page.getByText(RECEIPT_TEXT).first().waitFor();
    await screenshots(page, 'visit-contract-receipt');
    // Printed on A4, looked at as an image.
    const pdf = path.join(SCREENSHOTS, 'visit-contract-receipt.pdf');
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      path.join(SCREENSHOTS, 'visit-contract-receipt-a4'),
    ]);
    expect(await pdfPages(pdf)).toBeGreaterThan(0);

    // The service receipt is signed the same way, on request: both copies print the signature.
    await page.goto(`/account/${db}/tickets/${ticketId}/receipt/service`);
    await app.button('receipts.sign.start').click();
    await signOnPad(page);
    await app.field('legible_name').fill('Rosa Almeida');
    await app.button('receipts.sign.save').click();
    await page.getByText(app.t('receipts.sign.saved')).waitFor();
    await expect
      .poll(() => page.getByRole('img', { name: app.t('receipts.signatureOf', { name: 'Rosa Almeida' }) }).count())
      .toBe(2);
    await screenshots(page, 'visit-service-receipt');

    // Nothing reached the server yet: all of it waits on the device.
    expect((await user.client.get(`/db/${db}/${ticketId}`)).status).toBe(404);
    expect(Number(await page.locator('[data-pending]').getAttribute('data-pending'))).toBeGreaterThan(5);

    // Back at the van, with signal: everything arrives.
    await context.setOffline(false);
    const ticketOnServer = async () => (await user.client.get<Record<string, unknown>>(`/db/${db}/${ticketId}`)).body;
    await expect.poll(async () => (await ticketOnServer()).number, { timeout: 30_000 }).toBe(number);
    const ticket = await ticketOnServer();
    expect(ticket).toMatchObject({
      title: 'Ar-condicionado pingando',
      customer_id: customerId,
      equipment_id: equipmentId,
      category_id: categoryId,
      checklist: [
        { item: 'Limpar filtros', done: true },
        { item: 'Verificar gás', done: false },
      ],
      contract_receipt: { legible_name: 'Rosa Almeida' },
      service_receipt: { legible_name: 'Rosa Almeida' },
    });
    expect(String((ticket.contract_receipt as { signature: string }).signature)).toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(async () => (await user.client.get<Record<string, unknown>>(`/db/${db}/${equipmentId}`)).body.customer_id, {
        timeout: 30_000,
      })
      .toBe(customerId);
    await expect
      .poll(
        async () => (await onServer<{ ticket_id: string; content: string }>(user, db, 'Comment')).map((c) => c.content),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['Dreno entupido, limpo no local.']);
    await expect
      .poll(async () => (await user.client.get<Record<string, unknown>>(`/db/${db}/${estimateId}`)).body.items, {
        timeout: 30_000,
      })
      .toEqual([
        { description: 'Carga de gás R410A', quantity: 1, value: 18000 },
        { description: 'Limpeza do dreno', quantity: 2, value: 4550 },
      ]);
    await expect.poll(() => page.locator('[data-pending]').getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');

    // At the shop: the dashboard counts two open tickets, one high and one medium.
    const badge = page.locator('[data-testid="open-tickets-badge"]');
    const bar = (priority: string) =>
      page.locator(`[data-testid="priority-bars-open"] [data-priority="${priority}"] [role="progressbar"]`);
    await page.goto(`/account/${db}`);
    await expect.poll(() => badge.getAttribute('data-count'), { timeout: 20_000 }).toBe('2');
    expect(await badge.getAttribute('data-color')).toBe('amber');
    await expect.poll(() => bar('high').getAttribute('aria-valuenow')).toBe('50');
    expect(await bar('medium').getAttribute('aria-valuenow')).toBe('50');
    expect(await bar('low').getAttribute('aria-valuenow')).toBe('0');

    // The board: the ticket is dragged from Open to Done.
    await page.goto(`/account/${db}/ticket-board`);
    await page.locator('[data-testid="ticket-board"][aria-busy="false"]').waitFor();
    const column = (status: string) =>
      page.getByRole('region', { name: app.t(`records.tickets.options.status.${status}`), exact: true });
    const card = page.getByRole('article', { name: `#${number} Ar-condicionado pingando` });
    expect(await column('open').getByRole('article').count()).toBe(2);
    await screenshots(page, 'visit-board-before');
    await card.dragTo(column('done'));
    await column('done')
      .getByRole('article', { name: `#${number} Ar-condicionado pingando` })
      .waitFor();
    await page.locator(`article[data-ticket="${ticketId}"][aria-busy="false"]`).waitFor();
    expect(await column('open').getByRole('article').count()).toBe(1);
    await expect.poll(async () => (await ticketOnServer()).status, { timeout: 30_000 }).toBe('done');
    // On a phone an empty status is a narrow column: the next tickets are a short swipe away.
    await page.setViewportSize(PHONE);
    const width = async (status: string) => (await column(status).boundingBox())?.width ?? 0;
    await expect.poll(async () => (await width('doing')) * 2 < (await width('open'))).toBe(true);
    await screenshots(page, 'visit-board-after');
    await page.setViewportSize(DESKTOP);

    // The bars and the badge follow: the high-priority ticket is the only one open.
    await expect.poll(() => badge.getAttribute('data-count'), { timeout: 20_000 }).toBe('1');
    await page.goto(`/account/${db}`);
    await expect.poll(() => bar('high').getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe('100');
    expect(await bar('medium').getAttribute('aria-valuenow')).toBe('0');

    // The admin's comments tile opens the comments: what was said, on which ticket, by whom.
    await app.openAdmin();
    await page.locator('[data-tile="comments"] a').click();
    await app.waitForPath(`/account/${db}/comments`);
    const row = page.getByRole('row').filter({ hasText: 'Dreno entupido, limpo no local.' });
    // The ticket is named in the row, as text: the row is one target, opening the comment.
    await row.getByText(new RegExp(`#${number}`)).waitFor();
    expect(await row.getByRole('link').count()).toBe(1);
    expect(await page.getByRole('link', { name: app.t('records.comments.new') }).count()).toBe(0);
    await context.close();
    visited = { user, db, ticketId, estimateId, equipmentId };
  }
}

/** A group whose owner reads `locale`, with a customer and one ticket of hers; a phone signed in as the owner. */
async function customerWithTicket(locale: 'en' | 'pt-BR', groupName: string) {
  const { owner, db } = await ownerWithGroup(e2e.server, groupName, { locale });
  const customer = { _id: newId('Customer'), klass: 'Customer', name: 'Ana Silva' };
  const ticket = {
    _id: newId('Ticket'),
    klass: 'Ticket',
    number: '1-1',
    title: 'Geladeira não liga',
    status: 'open',
    priority: 'medium',
    ticket_kind: 'chore',
    customer_id: customer._id,
  };
  expect((await owner.client.post(`/db/${db}/_bulk_docs`, { docs: [customer, ticket] })).status).toBe(201);
  const context = await newContext(e2e.browser, e2e.server.url, PHONE);
  await context.addCookies(owner.client.browserCookies());
  const page = await context.newPage();
  const app = new AppPage(page);
  app.locale = locale;
  return { owner, db, customer, ticket, context, page, app };
}

describe('a technician’s thumb on a phone', () => {
  it('a ticket row is one target: a tap on the customer’s name in its middle opens the ticket', async () => {
    const { db, ticket, context, page, app } = await customerWithTicket('en', 'Oficina do Polegar');
    await page.goto(`/account/${db}/tickets`);
    const row = page.locator(`[data-record="${ticket._id}"]`);
    const customerName = row.getByText('Ana Silva');
    await customerName.waitFor();
    expect(await row.locator('a, button, [role="button"]').count()).toBe(1);
    await customerName.click();
    await app.waitForPath(`/account/${db}/tickets/${ticket._id}`);
    await context.close();
  });

  it('related-record links and pickers are 44 px targets; the picker’s and the pages’ buttons speak Portuguese', async () => {
    const { owner, db, customer, ticket, context, page, app } = await customerWithTicket('pt-BR', 'Oficina do Dedo');
    /** The smaller side of what a finger can hit. */
    const reach = async (target: Locator) => {
      await target.waitFor();
      const box = await target.boundingBox();
      return Math.min(box?.width ?? 0, box?.height ?? 0);
    };

    await page.goto(`/account/${db}/tickets/${ticket._id}`);
    expect(await reach(page.locator('[data-field="customer_id"] a'))).toBeGreaterThanOrEqual(44);
    await screenshots(page, 'tickets-targets-ticket-pt');

    await page.goto(`/account/${db}/customers/${customer._id}`);
    const related = page.locator('[data-related="tickets"]');
    expect(await reach(related.getByRole('link', { name: /Geladeira não liga/ }))).toBeGreaterThanOrEqual(44);
    expect(
      await reach(related.getByRole('link', { name: new RegExp(app.t('records.tickets.new')) })),
    ).toBeGreaterThanOrEqual(44);

    await page.goto(`/account/${db}/tickets/new`);
    const picker = page.locator('.MuiAutocomplete-root').filter({ has: app.field('customer_id') });
    expect(await reach(app.field('customer_id'))).toBeGreaterThanOrEqual(44);
    const open = picker.getByRole('button', { name: 'Abrir', exact: true });
    expect(await reach(open)).toBeGreaterThanOrEqual(44);
    await open.click();
    await page.getByRole('option', { name: 'Ana Silva' }).waitFor();
    expect(await picker.getByRole('button', { name: 'Fechar', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await screenshots(page, 'tickets-targets-form-pt');

    // MUI's page buttons are named in the reader's language too.
    const more = Array.from({ length: 10 }, (_, i) => ({ ...ticket, _id: newId('Ticket'), number: `1-${i + 2}` }));
    expect((await owner.client.post(`/db/${db}/_bulk_docs`, { docs: more })).status).toBe(201);
    await page.goto(`/account/${db}/tickets`);
    await page.getByRole('button', { name: 'Ir para a página 2', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Página 1', exact: true }).count()).toBe(1);
    await context.close();
  });
});
