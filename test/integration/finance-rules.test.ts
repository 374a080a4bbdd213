// The finance rules hold on every write path (spec 001 §4-5): a PUT, a POST, a _bulk_docs, a
// device's replication and a DELETE meet the same refusals as the app, and the balances view the
// server answers agrees with what a device computes from the same records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletFigures } from '../../src/domain/modules/moneta/balances.ts';
import {
  alreadyConfirmed,
  CONFIRMED_EXPENSE_KEPT,
  EXCHANGE_OTHER_CURRENCY,
  TRANSFER_SAME_CURRENCY,
  WALLET_CURRENCY,
} from '../../src/domain/modules/moneta/rules.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

type Doc = Record<string, unknown> & { _id: string };

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Finance'));
});
afterAll(() => server.stop());

async function put(doc: Doc): Promise<Doc & { _rev: string }> {
  const res = await owner.client.put<{ rev: string }>(`/db/${db}/${doc._id}`, doc);
  expect(res.status).toBe(201);
  return { ...doc, _rev: res.body.rev };
}

const wallet = (currency: string, start = 0) =>
  put({ _id: `wll-${crypto.randomUUID()}`, klass: 'Wallet', name: currency, currency, start_balance: start });

const expense = (walletId: string, currency: string, extra: Record<string, unknown> = {}): Doc => ({
  _id: `out-${crypto.randomUUID()}`,
  klass: 'Outgo',
  date: '2026-11-20',
  description: 'Parts',
  wallet_id: walletId,
  value: 4_990,
  currency,
  ...extra,
});

describe('finance records over /db', () => {
  it('count in their wallet’s currency, whatever a script claims, by PUT, POST and _bulk_docs', async () => {
    const brl = await wallet('BRL');
    const lie = expense(brl._id, 'USD');
    const reason = { currency: [WALLET_CURRENCY] };
    expect(await owner.client.put(`/db/${db}/${lie._id}`, lie)).toMatchObject({ status: 422, body: { reason } });
    expect(await owner.client.post(`/db/${db}`, lie)).toMatchObject({ status: 422, body: { reason } });
    const bulk = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
      docs: [lie, expense(brl._id, 'BRL')],
    });
    expect(bulk.body[0]).toMatchObject({ error: 'unprocessable_entity', reason });
    expect(bulk.body[1]).toMatchObject({ ok: true });
    const missing = expense(`wll-${crypto.randomUUID()}`, 'BRL');
    expect(await owner.client.put(`/db/${db}/${missing._id}`, missing)).toMatchObject({
      status: 422,
      body: { reason: { wallet_id: ['must exist'] } },
    });
  });

  it('accept a wallet replicated in the same batch as its first expense, and refuse a lie in a replication', async () => {
    const walletId = `wll-${crypto.randomUUID()}`;
    const rev = (n: string) => `1-${n.repeat(32)}`;
    const docs = [
      { _id: walletId, _rev: rev('a'), klass: 'Wallet', name: 'Phone', currency: 'EUR' },
      { ...expense(walletId, 'EUR'), _rev: rev('b') },
      { ...expense(walletId, 'BRL'), _rev: rev('c') },
    ];
    const res = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
      new_edits: false,
      docs,
    });
    expect(res.status).toBe(201);
    const refused = res.body.filter((r) => r.error);
    expect(refused).toEqual([
      expect.objectContaining({
        id: docs[2]!._id,
        error: 'forbidden',
        status: 422,
        reason: { currency: [WALLET_CURRENCY] },
      }),
    ]);
    expect((await owner.client.get(`/db/${db}/${docs[1]!._id}`)).status).toBe(200);
  });

  it('move a transfer between wallets of one currency and an exchange between two', async () => {
    const [brl, brl2, usd] = [await wallet('BRL'), await wallet('BRL'), await wallet('USD')];
    const transfer = {
      _id: `trn-${crypto.randomUUID()}`,
      klass: 'Transfer',
      date: '2026-11-20',
      description: 'Savings',
      source_wallet_id: brl._id,
      destination_wallet_id: usd._id,
      value: 100,
      currency: 'BRL',
    };
    expect(await owner.client.put(`/db/${db}/${transfer._id}`, transfer)).toMatchObject({
      status: 422,
      body: { reason: { destination_wallet_id: [TRANSFER_SAME_CURRENCY] } },
    });
    const exchange = {
      _id: `exc-${crypto.randomUUID()}`,
      klass: 'Exchange',
      date: '2026-11-20',
      description: 'Trip',
      source_wallet_id: brl._id,
      destination_wallet_id: brl2._id,
      value_out: 100,
      value_in: 100,
      fee_kind: 'source',
      source_currency: 'BRL',
      destination_currency: 'BRL',
    };
    expect(await owner.client.put(`/db/${db}/${exchange._id}`, exchange)).toMatchObject({
      status: 422,
      body: { reason: { destination_wallet_id: [EXCHANGE_OTHER_CURRENCY] } },
    });
    await put({ ...transfer, destination_wallet_id: brl2._id, confirmed: true, fee: 50 });
    await put({
      ...exchange,
      destination_wallet_id: usd._id,
      destination_currency: 'USD',
      value_in: 20,
      confirmed: true,
    });
  });

  it('refuse confirming twice and deleting a confirmed expense, by PUT and DELETE alike', async () => {
    const brl = await wallet('BRL', 10_000);
    const confirmed = await put(expense(brl._id, 'BRL', { confirmed: true, confirmed_at: '2026-11-20T10:00:00Z' }));
    const again = await owner.client.put(`/db/${db}/${confirmed._id}?rev=${confirmed._rev}`, {
      ...confirmed,
      confirmed_at: '2026-11-21T10:00:00Z',
    });
    expect(again).toMatchObject({ status: 422, body: { reason: { confirmed: [alreadyConfirmed('Outgo')] } } });
    const gone = await owner.client.delete(`/db/${db}/${confirmed._id}?rev=${confirmed._rev}`);
    expect(gone).toMatchObject({ status: 422, body: { reason: CONFIRMED_EXPENSE_KEPT } });
    const bulkDelete = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
      docs: [{ _id: confirmed._id, _rev: confirmed._rev, _deleted: true }],
    });
    expect(bulkDelete.body[0]).toMatchObject({ error: 'unprocessable_entity', reason: CONFIRMED_EXPENSE_KEPT });
    await put(expense(brl._id, 'BRL', { confirmed: false, value: 700 }));
    await put(expense(brl._id, 'BRL', { confirmed: true, imported: true, value: 100_000 }));
    await put({
      ...expense(brl._id, 'BRL'),
      _id: `inc-${crypto.randomUUID()}`,
      klass: 'Income',
      value: 2_500,
      confirmed: true,
    });
  });

  it('answer the balances per currency as a device computes them from the same records', async () => {
    const group = await ownerWithGroup(server, 'Balances');
    const id = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;
    const [brl, usd, card] = [id('wll'), id('wll'), id('wll')];
    const docs: Doc[] = [
      { _id: brl, klass: 'Wallet', name: 'Conta', currency: 'BRL', start_balance: 100_000 },
      { _id: usd, klass: 'Wallet', name: 'Dollars', currency: 'USD', start_balance: 5_000 },
      { _id: card, klass: 'Wallet', name: 'Card', currency: 'USD', card: true, card_limit: 10_000 },
      { ...expense(brl, 'BRL', { confirmed: true, value: 12_345 }) },
      { ...expense(brl, 'BRL', { confirmed: false, value: 700 }) },
      { ...expense(brl, 'BRL', { confirmed: true, imported: true, value: 99_999 }) },
      { ...expense(card, 'USD', { confirmed: true, value: 20_000 }) },
      { ...expense(brl, 'BRL'), _id: id('inc'), klass: 'Income', value: 2_500, confirmed: true },
      {
        _id: id('exc'),
        klass: 'Exchange',
        date: '2026-11-20',
        description: 'Trip',
        source_wallet_id: brl,
        destination_wallet_id: usd,
        value_out: 55_000,
        value_in: 10_000,
        fee: 300,
        fee_kind: 'destination',
        source_currency: 'BRL',
        destination_currency: 'USD',
        fee_currency: 'USD',
        confirmed: true,
      },
    ];
    const written = await group.owner.client.post<Array<{ ok?: boolean }>>(`/db/${group.db}/_bulk_docs`, { docs });
    expect(written.body.every((r) => r.ok)).toBe(true);
    const res = await group.owner.client.get<{ rows: Array<{ key: string[]; value: number }> }>(
      `/db/${group.db}/_design/wallet-balances/_view/by-currency?group_level=1&reduce=true`,
    );
    expect(res.status).toBe(200);
    const device = new Map<string, number>();
    for (const figure of walletFigures(docs).values())
      device.set(figure.currency, (device.get(figure.currency) ?? 0) + figure.balance);
    expect(new Map(res.body.rows.map((r) => [r.key[0]!, r.value]))).toEqual(device);
    // 1000.00 + 25.00 − 123.45 − 550.00, and 50.00 + 100.00 − 3.00 − 200.00
    expect(device).toEqual(
      new Map([
        ['BRL', 35_155],
        ['USD', -5_300],
      ]),
    );
  });
});
