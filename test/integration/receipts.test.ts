// A ticket's signed contract receipt over HTTP: the server keeps a whole receipt and refuses a
// malformed one with 422 and a reason per part, whichever way the ticket is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { MAX_SIGNATURE_BYTES } from '../../src/domain/modules/ticket/receipts.ts';
import { ownerWithGroup, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const RECEIPT = { date: '2026-11-22', legible_name: 'Joana Conceição', signature: PNG };

let server: TestServer;
let owner: TestUser;
let db: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Recibos'));
});
afterAll(() => server.stop());

function ticket(contract_receipt?: unknown): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    _id: newId('Ticket'),
    klass: 'Ticket',
    title: 'Air conditioner leaking',
    status: 'done',
    priority: 'medium',
    ticket_kind: 'chore',
  };
  if (contract_receipt !== undefined) doc.contract_receipt = contract_receipt;
  return doc;
}

const put = (doc: Record<string, unknown>) => owner.client.put(`/db/${db}/${doc._id as string}`, doc);

describe('contract_receipt on tickets', () => {
  it('keeps a signed receipt, and a ticket without one', async () => {
    const signed = ticket(RECEIPT);
    const saved = await put(signed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const stored = await owner.client.get(`/db/${db}/${signed._id as string}`);
    expect(stored.body.contract_receipt).toEqual(RECEIPT);

    const unsigned = ticket();
    expect((await put(unsigned)).status).toBe(201);
    // Signing later is an ordinary update of the ticket.
    const rev = (await owner.client.get(`/db/${db}/${unsigned._id as string}`)).body._rev;
    const later = await put({ ...unsigned, _rev: rev, contract_receipt: RECEIPT });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
  });

  it('refuses a malformed receipt with 422 and a reason per part', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      ['signed', { contract_receipt: ['is invalid'] }],
      [[RECEIPT], { contract_receipt: ['is invalid'] }],
      [{ date: RECEIPT.date, signature: PNG }, { 'contract_receipt.legible_name': ["can't be blank"] }],
      [{ ...RECEIPT, legible_name: '   ' }, { 'contract_receipt.legible_name': ["can't be blank"] }],
      [{ ...RECEIPT, date: '2026-02-30' }, { 'contract_receipt.date': ['is invalid'] }],
      [{ ...RECEIPT, date: '22/11/2026' }, { 'contract_receipt.date': ['is invalid'] }],
      [{ ...RECEIPT, signature: 'data:image/jpeg;base64,AAAA' }, { 'contract_receipt.signature': ['is invalid'] }],
      [{ ...RECEIPT, signature: 'https://example.com/sign.png' }, { 'contract_receipt.signature': ['is invalid'] }],
      [
        { ...RECEIPT, signature: `data:image/png;base64,${'A'.repeat(MAX_SIGNATURE_BYTES)}` },
        { 'contract_receipt.signature': ['is too long'] },
      ],
    ];
    for (const [receipt, reason] of cases) {
      const doc = ticket(receipt);
      const res = await put(doc);
      expect(res.status, JSON.stringify(receipt).slice(0, 80)).toBe(422);
      expect(res.body).toEqual({ error: 'unprocessable_entity', reason });
      expect((await owner.client.get(`/db/${db}/${doc._id as string}`)).status).toBe(404);
    }
  });

  it('keeps a signed service receipt, and judges it as the contract one', async () => {
    const signed: Record<string, unknown> = { ...ticket(), service_receipt: RECEIPT };
    expect((await put(signed)).status).toBe(201);
    expect((await owner.client.get(`/db/${db}/${signed._id as string}`)).body.service_receipt).toEqual(RECEIPT);
    const bad = { ...ticket(), service_receipt: { ...RECEIPT, date: '2026-02-30' } };
    const res = await put(bad);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'unprocessable_entity', reason: { 'service_receipt.date': ['is invalid'] } });
  });

  it('refuses only the bad ticket of a replication batch', async () => {
    const good = ticket(RECEIPT);
    const bad = ticket({ ...RECEIPT, signature: 42 });
    const res = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, { docs: [good, bad] });
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({ id: good._id, ok: true });
    expect(res.body[1]).toEqual({
      id: bad._id,
      error: 'unprocessable_entity',
      status: 422,
      reason: { 'contract_receipt.signature': ["can't be blank"] },
    });
    expect((await owner.client.get(`/db/${db}/${good._id as string}`)).status).toBe(200);
    expect((await owner.client.get(`/db/${db}/${bad._id as string}`)).status).toBe(404);
  });
});
