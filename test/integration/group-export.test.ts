// A group's data leaves with it (issue 32): its administrators, whatever the plan, download every
// document as JSON and each module's CSV (the finance records), streamed from the store a page at
// a time; a member who is not an administrator, or a stranger, is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { parseStatement } from '../../src/domain/modules/moneta/statement-file.ts';
import { EXPORT_PAGE } from '../../src/server/services/group-export.ts';
import { addMember, ownerWithGroup, registerUser, type TestUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let owner: TestUser;
let db: string;

type Doc = Record<string, unknown> & { _id: string };

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, db } = await ownerWithGroup(server, 'Exportadora'));
});
afterAll(() => server.stop());

async function put(doc: Doc): Promise<void> {
  const res = await owner.client.put(`/db/${db}/${doc._id}`, doc);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

describe('a group’s export', () => {
  it('gives its administrators every document as JSON, across pages, as the store holds them', async () => {
    // More than a page, so the export goes on from where a page stops.
    const customers = Array.from({ length: EXPORT_PAGE + 20 }, (_, i) => ({
      _id: newId('Customer'),
      klass: 'Customer',
      name: `Cliente ${i} “aspas”, vírgula`,
    }));
    expect((await owner.client.post(`/db/${db}/_bulk_docs`, { docs: customers })).status).toBe(201);

    const res = await owner.client.raw('GET', `/api/groups/${db}/export.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="${db}-\\d{4}-\\d{2}-\\d{2}\\.json"`),
    );
    const exported = JSON.parse(await res.text()) as { db: string; exported_at: string; docs: Doc[] };
    expect(exported.db).toBe(db);

    const stored = await owner.client.get<{ rows: Array<{ id: string; doc: Doc }> }>(
      `/db/${db}/_all_docs?include_docs=true`,
    );
    const expected = stored.body.rows.filter((r) => !r.id.startsWith('_design/')).map((r) => r.doc);
    expect(exported.docs).toHaveLength(expected.length);
    expect(exported.docs).toEqual(expected);
    expect(exported.docs.filter((d) => d.klass === 'Customer')).toHaveLength(customers.length);
  });

  it('gives the finance records as a CSV the app’s own statement import reads back', async () => {
    const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Caixa', currency: 'BRL', start_balance: 10_050 };
    await put(wallet);
    const outgo = {
      _id: newId('Outgo'),
      klass: 'Outgo',
      date: '2026-11-20',
      description: 'Peças, "originais"\nsegunda linha',
      wallet_id: wallet._id,
      value: 4_990,
      currency: 'BRL',
      paid_to: '=HYPERLINK("x")',
    };
    await put(outgo);

    const index = await owner.client.get<{ json: string; csv: Array<{ name: string; href: string }> }>(
      `/api/groups/${db}/export`,
    );
    expect(index.status).toBe(200);
    const finance = index.body.csv.find((part) => part.name === 'finance');
    expect(finance?.href).toBe(`/api/groups/${db}/export/finance.csv`);

    const res = await owner.client.raw('GET', finance!.href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const table = parseStatement(new Uint8Array(await res.arrayBuffer()));
    const rows = table.rows.map((row) => Object.fromEntries(table.headers.map((h, i) => [h, row[i]])));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === wallet._id)).toMatchObject({ kind: 'Wallet', amount: '100.50', currency: 'BRL' });
    expect(rows.find((r) => r.id === outgo._id)).toMatchObject({
      kind: 'Outgo',
      description: outgo.description,
      amount: '49.90',
      wallet_id: wallet._id,
      // Defused: a spreadsheet would run it.
      party: `'${outgo.paid_to}`,
    });
    expect((await owner.client.raw('GET', `/api/groups/${db}/export/nothing.csv`)).status).toBe(404);
  });

  it('is refused to a member who is not an administrator, and to a stranger', async () => {
    const member = await addMember(server, owner, db);
    const stranger = await registerUser(server.url);
    for (const path of ['export', 'export.json', 'export/finance.csv']) {
      expect((await member.client.raw('GET', `/api/groups/${db}/${path}`)).status).toBe(403);
      expect((await stranger.client.raw('GET', `/api/groups/${db}/${path}`)).status).toBe(403);
    }
  });
});
