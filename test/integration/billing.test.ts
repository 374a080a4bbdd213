// Plans and billing over HTTP against the real server (docs/billing.md): Paddle's webhooks signed
// with a test secret exactly as Paddle signs them, applied once each in order of occurrence; the
// settings only the server writes, refused on every write path; plan requests and their rules; the
// free limit's notice and the read-only state 30 days later, on every write path, with reads,
// deletions and paying still open. The clock is the server's (`ctx.now`), moved, never slept on.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '../../src/domain/billing.ts';
import { type PaymentProvider, readBillingConfig } from '../../src/server/services/billing.ts';
import { newId } from '../../src/domain/ids.ts';
import { type TestUser, addMember, ownerWithGroup } from '../support/factories.ts';
import { HttpClient } from '../support/http-client.ts';
import { readOutbox } from '../support/outbox.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const SECRET = 'pdl_ntfset_test_secret';
const PADDLE_ENV = {
  PADDLE_API_KEY: 'pdl_sdbx_apikey_test',
  PADDLE_WEBHOOK_SECRET: SECRET,
  PADDLE_ENVIRONMENT: 'sandbox',
  PADDLE_PRICES: 'pro=pri_pro:600,corp=pri_corp:1800',
};

/** Paddle's API as the server calls it, recorded here: tests never reach the network. */
const cancellations: Array<[string, string]> = [];
const provider: PaymentProvider = {
  async cancelSubscription(id, when) {
    cancellations.push([id, when]);
  },
};

let server: TestServer;
beforeAll(async () => {
  const billing = readBillingConfig(PADDLE_ENV, [])!;
  server = await startTestServer({ env: PADDLE_ENV, config: { billing: { ...billing, provider } } });
});
afterAll(() => server.stop());

/** `Paddle-Signature: ts=…;h1=…`: HMAC-SHA256 with the secret over `ts:body`, as Paddle signs. */
function sign(body: string, secret = SECRET, ts = Math.floor(Date.now() / 1000)): string {
  return `ts=${ts};h1=${createHmac('sha256', secret).update(`${ts}:${body}`).digest('hex')}`;
}

let sequence = 0;
function subscriptionEvent(db: string, type: string, at: string, over: { status?: string; price?: string } = {}) {
  sequence += 1;
  return JSON.stringify({
    event_id: `evt_01h${String(sequence).padStart(6, '0')}`,
    event_type: type,
    occurred_at: at,
    notification_id: `ntf_${sequence}`,
    data: {
      id: 'sub_01test',
      status: over.status ?? 'active',
      customer_id: 'ctm_01test',
      custom_data: { account_id: db },
      items: [{ price: { id: over.price ?? 'pri_pro' }, quantity: 1, status: 'active' }],
    },
  });
}

async function deliver(body: string, signature: string | null = sign(body)) {
  const res = await fetch(`${server.url}/api/billing/paddle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'paddle-signature': signature } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function account(user: TestUser, db: string) {
  const res = await user.client.get<Record<string, unknown>>(`/db/accounts/${db}`);
  expect(res.status).toBe(200);
  return res.body;
}

const customers = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ _id: newId('Customer'), klass: 'Customer', name: `Cliente ${i}` }));

async function addCustomers(user: TestUser, db: string, count: number): Promise<string[]> {
  const docs = customers(count);
  // The door takes at most 1,000 documents a batch.
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await user.client.post<Array<{ ok?: boolean }>>(`/db/${db}/_bulk_docs`, {
      docs: docs.slice(i, i + 1000),
    });
    expect(res.status).toBe(201);
    expect(res.body.every((r) => r.ok)).toBe(true);
  }
  return docs.map((d) => d._id);
}

/** The moment the group passed the free limit, as the server marked it ('' when it is under). */
async function limitMark(user: TestUser, db: string): Promise<string> {
  const res = await user.client.post<{ docs: Array<{ value: string }> }>(`/db/${db}/_find`, {
    selector: { klass: 'Adjustment', key: 'free-limit-passed-at' },
  });
  return res.body.docs[0]?.value ?? '';
}

/** The server counts after the write's answer: wait for its mark to say `marked`. */
async function waitForMark(user: TestUser, db: string, marked: boolean): Promise<void> {
  await expect
    // The count after a crossing builds the store's view over a thousand records: on a loaded
    // machine that takes a while; the poll ends as soon as the mark is there.
    .poll(async () => /^\d{4}-\d{2}-\d{2}T/.test(await limitMark(user, db)), { timeout: 60_000 })
    .toBe(marked);
}

/** Runs `body` with the server's clock `days` ahead, signed in again (a session cookie would have expired). */
async function later<T>(days: number, user: TestUser, body: () => Promise<T>): Promise<T> {
  const realNow = server.ctx.now;
  server.ctx.now = () => new Date(Date.now() + days * 86_400_000);
  try {
    const login = await user.client.post('/db/_session', { username: user.email, password: user.password });
    expect(login.status).toBe(200);
    return await body();
  } finally {
    server.ctx.now = realNow;
  }
}

describe('Paddle webhooks', () => {
  it('applies a signed sequence once each, in order of occurrence, and refuses bad signatures', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Assinante');
    expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'free' });

    const created = subscriptionEvent(db, 'subscription.created', '2026-11-27T10:00:00.000001Z');
    expect(await deliver(created)).toEqual({ status: 200, body: { ok: true, outcome: 'applied' } });
    expect(await account(owner, db)).toMatchObject({
      'confirmed-plan': 'pro',
      platform_customer_id: 'ctm_01test',
      platform_price_id: 'pri_pro',
      livemode: false,
    });
    const activated = subscriptionEvent(db, 'subscription.activated', '2026-11-27T10:00:00.000002Z');
    expect((await deliver(activated)).body.outcome).toBe('applied');
    const updated = subscriptionEvent(db, 'subscription.updated', '2026-11-27T11:00:00Z', { price: 'pri_corp' });
    expect((await deliver(updated)).body.outcome).toBe('applied');
    expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'corp', platform_price_id: 'pri_corp' });
    // The owner's copy of the membership (the group switcher's plan icon) follows.
    const copies = await owner.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${owner.id}/_find`, {
      selector: { klass: 'Membership', db_name: db },
    });
    expect(copies.body.docs).toEqual([expect.objectContaining({ 'confirmed-plan': 'corp' })]);

    // Delivered twice: the second changes nothing.
    expect((await deliver(updated)).body.outcome).toBe('replayed-or-older');
    // Out of order: the cancellation happened last and arrives first; the older update is ignored.
    const canceled = subscriptionEvent(db, 'subscription.canceled', '2026-11-27T13:00:00Z', { status: 'canceled' });
    const lateUpdate = subscriptionEvent(db, 'subscription.updated', '2026-11-27T12:00:00Z', { price: 'pri_pro' });
    expect((await deliver(canceled)).body.outcome).toBe('applied');
    expect((await deliver(lateUpdate)).body.outcome).toBe('replayed-or-older');
    expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'free', platform_price_id: '' });

    // Bad signatures change nothing: another secret, a changed body, an old timestamp, none at all.
    const forged = subscriptionEvent(db, 'subscription.updated', '2026-11-27T14:00:00Z', { price: 'pri_corp' });
    for (const signature of [
      sign(forged, 'another secret'),
      sign(forged.replace('pri_corp', 'pri_pro')),
      sign(forged, SECRET, Math.floor(Date.now() / 1000) - 600),
      'ts=1;h1=00',
      'garbage',
      null,
    ]) {
      const res = await deliver(forged, signature);
      expect(res.status, String(signature)).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', reason: 'Invalid webhook signature' });
    }
    expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'free' });
    // Signed but about no group of ours, or not about a subscription: acknowledged, nothing applied.
    const elsewhere = subscriptionEvent(newId('Account'), 'subscription.created', '2026-11-27T15:00:00Z');
    expect((await deliver(elsewhere)).body.outcome).toBe('ignored');
    const other = JSON.stringify({
      event_id: 'evt_x',
      event_type: 'transaction.paid',
      occurred_at: '2026-11-27T15:00:00Z',
      data: {},
    });
    expect((await deliver(other)).body.outcome).toBe('ignored');
    expect((await deliver('{not json')).status).toBe(400);
  });

  it('serves the configured prices, free ones in both modes', async () => {
    const { owner } = await ownerWithGroup(server, 'Precos');
    const res = await owner.client.post<{ docs: Array<Record<string, unknown>> }>('/db/prices/_find', {
      selector: { active: true, livemode: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.docs.map((d) => [d.group_plan, d.unit_amount, d.platform_price_id])).toEqual([
      ['free', 0, 'free'],
      ['pro', 600, 'pri_pro'],
      ['corp', 1800, 'pri_corp'],
    ]);
    const live = await owner.client.post<{ docs: Array<Record<string, unknown>> }>('/db/prices/_find', {
      selector: { livemode: true },
    });
    expect(live.body.docs).toEqual([expect.objectContaining({ group_plan: 'free', unit_amount: 0, livemode: true })]);
    expect((await owner.client.post('/db/prices/_find', { selector: { $where: 1 } })).status).toBe(400);
    expect((await owner.client.post('/db/prices/_find', { selector: { active: { $gt: 0 } } })).status).toBe(400);
    expect((await new HttpClient(server.url).post('/db/prices/_find', { selector: {} })).status).toBe(401);
  });
});

describe('settings only the server writes', () => {
  it('refuses the plan fields from an administrator on every write path', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Sem atalho');
    const found = await owner.client.post<{ docs: Array<{ _id: string; _rev: string }> }>(`/db/${db}/_find`, {
      selector: { klass: 'Adjustment', key: 'confirmed-plan' },
    });
    const stored = found.body.docs[0]!;
    const fresh = (key: string) => ({ _id: newId('Adjustment'), klass: 'Adjustment', key, value: 'pro' });
    for (const key of ['confirmed-plan', 'platform_customer_id', 'platform_price_id', 'livemode', 'unconfirmed-plan']) {
      const doc = fresh(key);
      expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status, key).toBe(403);
      expect((await owner.client.post(`/db/${db}`, fresh(key))).status, key).toBe(403);
      const bulk = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
        docs: [fresh(key)],
      });
      expect(bulk.body[0], key).toMatchObject({ error: 'forbidden', status: 403 });
      const replicated = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
        new_edits: false,
        docs: [{ ...fresh(key), _rev: '1-0123456789abcdef0123456789abcdef' }],
      });
      expect(replicated.body[0], key).toMatchObject({ error: 'forbidden' });
    }
    const full = await owner.client.get<Record<string, unknown>>(`/db/${db}/${stored._id}`);
    expect((await owner.client.put(`/db/${db}/${stored._id}`, { ...full.body, value: 'corp' })).status).toBe(403);
    expect((await owner.client.delete(`/db/${db}/${stored._id}?rev=${stored._rev}`)).status).toBe(403);
    const attachment = await owner.client.raw('PUT', `/db/${db}/${stored._id}/note.txt?rev=${stored._rev}`, {
      body: 'pro',
      headers: { 'content-type': 'text/plain' },
    });
    expect(attachment.status).toBe(403);
    expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'free' });
  });
});

describe('checkout', () => {
  it('needs a billing e-mail and exactly one price, and answers what the overlay opens with', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Checkout');
    const member = await addMember(server, owner, db);
    const checkout = (user: TestUser, price_id: string) => user.client.post(`/api/groups/${db}/checkout`, { price_id });
    expect((await checkout(member, 'pri_pro')).status).toBe(403);
    expect((await checkout(owner, 'pri_gold')).body).toEqual({
      error: 'unprocessable_entity',
      reason: BILLING_MESSAGES.noPlan,
    });
    const ok = await checkout(owner, 'pri_corp');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      price_id: 'pri_corp',
      group_plan: 'corp',
      environment: 'sandbox',
      client_token: null,
      customer: { email: owner.email },
      custom_data: { account_id: db, livemode: false },
    });
    const found = await owner.client.post<{ docs: Array<Record<string, unknown>> }>(`/db/${db}/_find`, {
      selector: { klass: 'Adjustment', key: 'billing-email' },
    });
    const email = found.body.docs[0]!;
    expect((await owner.client.put(`/db/${db}/${String(email._id)}`, { ...email, value: '' })).status).toBe(201);
    expect((await checkout(owner, 'pri_corp')).body).toEqual({
      error: 'unprocessable_entity',
      reason: { billing_email: ['is invalid'] },
    });
  });
});

describe('plan requests', () => {
  it('refuses switching to free over 1,000 records, then takes it under, once in 24 hours', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Troca');
    const member = await addMember(server, owner, db);
    const paid = subscriptionEvent(db, 'subscription.activated', new Date().toISOString());
    expect((await deliver(paid)).body.outcome).toBe('applied');
    const ids = await addCustomers(owner, db, 1001);

    // Right after the subscription started: 24 hours without another change.
    const free = `/db/${db}/_design/subscription/_update/free/${db}`;
    expect((await member.client.put(free)).status).toBe(403);
    expect((await owner.client.put(free)).body).toEqual({
      error: 'unprocessable_entity',
      reason: BILLING_MESSAGES.switchLocked,
    });
    await later(2, owner, async () => {
      expect((await owner.client.put(free)).body).toEqual({
        error: 'unprocessable_entity',
        reason: BILLING_MESSAGES.overFreeLimit,
      });
      const gone = await owner.client.get<{ _rev: string }>(`/db/${db}/${ids[0]}`);
      expect((await owner.client.delete(`/db/${db}/${ids[0]}?rev=${gone.body._rev}`)).status).toBe(200);
      const asked = await owner.client.put(free);
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ ok: true, 'unconfirmed-plan': 'free' });
      expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'pro', 'unconfirmed-plan': 'free' });
      // Paddle is asked to end the subscription now; its webhook will confirm the free plan.
      await expect.poll(() => cancellations, { timeout: 10_000 }).toContainEqual(['sub_01test', 'immediately']);
      const again = await owner.client.put(`/db/${db}/_design/subscription/_update/cancel/${db}`);
      expect(again.body).toMatchObject({ reason: BILLING_MESSAGES.switchLocked });
    });
  });
});

// Each test writes a thousand records and waits for the count behind them: more than the
// project's 30 s on a loaded machine.
describe('the free limit', { timeout: 120_000 }, () => {
  it('notices a free group passing 1,000 records, then makes it read-only on every path after 30 days', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Limite');
    const ids = await addCustomers(owner, db, 1000);
    // Settings and memberships do not count: with them the group holds more than 1,000 documents,
    // and the mark comes with the 1,001st record.
    const setting = { _id: newId('Adjustment'), klass: 'Adjustment', key: 'estimate-observation', value: 'x' };
    expect((await owner.client.put(`/db/${db}/${setting._id}`, setting)).status).toBe(201);
    const before = new Date().toISOString();
    await addCustomers(owner, db, 1);
    await waitForMark(owner, db, true);
    expect((await limitMark(owner, db)) >= before).toBe(true);
    const noticesOf = async () =>
      (await readOutbox(server)).filter((m) => m.to.includes(owner.email) && /1,000/.test(m.subject));
    await expect.poll(async () => (await noticesOf()).length, { timeout: 10_000 }).toBe(1);
    const notices = await noticesOf();
    expect(notices[0]!.text).toContain(`/account/${db}/billing`);

    // 29 days on it still writes.
    await later(29, owner, async () => {
      const doc = customers(1)[0]!;
      expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status).toBe(201);
    });

    await later(31, owner, async () => {
      const refused = { error: 'forbidden', reason: BILLING_MESSAGES.readOnly };
      const [doc] = customers(1);
      expect((await owner.client.put(`/db/${db}/${doc!._id}`, doc)).body).toEqual(refused);
      expect((await owner.client.post(`/db/${db}`, customers(1)[0])).body).toEqual(refused);
      const bulk = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
        docs: customers(2),
      });
      expect(bulk.body).toEqual([
        expect.objectContaining({ error: 'forbidden', reason: BILLING_MESSAGES.readOnly }),
        expect.objectContaining({ error: 'forbidden', reason: BILLING_MESSAGES.readOnly }),
      ]);
      const replicated = await owner.client.post<Array<Record<string, unknown>>>(`/db/${db}/_bulk_docs`, {
        new_edits: false,
        docs: [{ ...customers(1)[0], _rev: '1-0123456789abcdef0123456789abcdef' }],
      });
      expect(replicated.body).toEqual([
        expect.objectContaining({ error: 'forbidden', reason: BILLING_MESSAGES.readOnly }),
      ]);
      const existing = await owner.client.get<{ _rev: string; name: string }>(`/db/${db}/${ids[1]}`);
      expect(existing.status).toBe(200);
      const edit = await owner.client.put(`/db/${db}/${ids[1]}`, { ...existing.body, name: 'Outro nome' });
      expect(edit.body).toEqual(refused);
      const attachment = await owner.client.raw('PUT', `/db/${db}/${ids[1]}/photo.txt?rev=${existing.body._rev}`, {
        body: 'bytes',
        headers: { 'content-type': 'text/plain' },
      });
      expect(attachment.status).toBe(403);
      const api = await owner.client.post(`/api/groups/${db}/ticket-series`, {});
      expect(api.body).toEqual(refused);
      // Reads still work.
      expect((await owner.client.get(`/db/${db}/_all_docs?limit=1`)).status).toBe(200);
      expect((await owner.client.get(`/db/${db}/_changes?limit=1`)).status).toBe(200);
      expect((await owner.client.post(`/db/${db}/_find`, { selector: { klass: 'Customer' }, limit: 1 })).status).toBe(
        200,
      );

      // Deleting a record brings it back under the limit, and it writes again.
      const del = await owner.client.delete(`/db/${db}/${ids[1]}?rev=${existing.body._rev}`);
      expect(del.status).toBe(200);
      const extra = (
        await owner.client.get<{ rows: Array<{ id: string }> }>(`/db/${db}/_all_docs?limit=2000`)
      ).body.rows
        .map((r) => r.id)
        .filter((id) => id.startsWith('cus-') && !ids.includes(id));
      for (const id of extra) {
        const { body } = await owner.client.get<{ _rev: string }>(`/db/${db}/${id}`);
        expect((await owner.client.delete(`/db/${db}/${id}?rev=${body._rev}`)).status).toBe(200);
      }
      await waitForMark(owner, db, false);
      const again = customers(1)[0]!;
      expect((await owner.client.put(`/db/${db}/${again._id}`, again)).status).toBe(201);
    });
  });

  it('counts a free group only when a write could take it across the limit', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Contagem');
    const view = vi.spyOn(server.ctx.store, 'view');
    const must = vi.spyOn(server.ctx.store, 'must');
    // A count reads the customers' ids once (the only records here), never the count view, whose
    // index the embedded store builds a document at a time in a sandbox.
    const counts = () =>
      must.mock.calls.filter(
        ([path, options]) => path === `/${db}/_all_docs` && String(options?.query?.startkey ?? '').startsWith('"cus-'),
      ).length;
    try {
      // A burst of 21 writes (as a seeding or an import sends them): while the group holds at
      // most 1,000 documents of any kind, its records cannot be over; counted near the limit only.
      for (let i = 0; i < 20; i++) await addCustomers(owner, db, 50);
      const last = await addCustomers(owner, db, 1);
      await waitForMark(owner, db, true);
      const crossing = counts();
      expect(crossing).toBeGreaterThan(0);
      expect(crossing).toBeLessThanOrEqual(3);
      // Marked, records added cannot bring it back under: not counted. A deletion can: counted.
      const more: string[] = [];
      for (let i = 0; i < 5; i++) more.push(...(await addCustomers(owner, db, 10)));
      const gone = [...more, ...last];
      const revs = await owner.client.post<{ rows: Array<{ id: string; value: { rev: string } }> }>(
        `/db/${db}/_all_docs`,
        { keys: gone },
      );
      const deleted = await owner.client.post<Array<{ ok?: boolean }>>(`/db/${db}/_bulk_docs`, {
        docs: revs.body.rows.map((row) => ({ _id: row.id, _rev: row.value.rev, _deleted: true })),
      });
      expect(deleted.body.every((r) => r.ok)).toBe(true);
      await waitForMark(owner, db, false);
      expect(counts()).toBe(crossing + 1);
      expect(view.mock.calls.filter(([group]) => group === db)).toEqual([]);
    } finally {
      view.mockRestore();
      must.mockRestore();
    }
  });

  it('lifts the read-only state when the group pays', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Paga');
    await addCustomers(owner, db, 1001);
    await waitForMark(owner, db, true);
    await later(31, owner, async () => {
      const doc = customers(1)[0]!;
      expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status).toBe(403);
      const paid = subscriptionEvent(db, 'subscription.activated', new Date().toISOString());
      expect((await deliver(paid)).body.outcome).toBe('applied');
      expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status).toBe(201);
    });
  });
});

describe('without payment configuration', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain.stop());

  it('says payments are not configured, and everything else works', async () => {
    const { owner, db } = await ownerWithGroup(plain, 'Sem pagamentos');
    const prices = await owner.client.post('/db/prices/_find', { selector: { active: true } });
    expect(prices.status).toBe(503);
    expect(prices.body).toEqual({ error: 'payments_not_configured', reason: BILLING_MESSAGES.paymentsNotConfigured });
    const body = subscriptionEvent(db, 'subscription.created', new Date().toISOString());
    const hook = await fetch(`${plain.url}/api/billing/paddle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paddle-signature': sign(body) },
      body,
    });
    expect(hook.status).toBe(503);
    const doc = customers(1)[0]!;
    expect((await owner.client.put(`/db/${db}/${doc._id}`, doc)).status).toBe(201);
    expect(await account(owner, db)).toMatchObject({ 'confirmed-plan': 'free' });
  });
});
