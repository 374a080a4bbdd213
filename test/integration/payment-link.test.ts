// The payment-edit link (spec 000 §1, §4; docs/email.md): an administrator of a paying group asks
// for it, the answer comes at once, and the link the provider prepares, however long it takes,
// is e-mailed to them. Paddle is the test's stand-in at the provider boundary the billing tests
// use (no network); its subscription reaches the group through a webhook signed as Paddle signs.
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentProvider, readBillingConfig } from '../../src/server/services/billing.ts';
import { addMember, ownerWithGroup } from '../support/factories.ts';
import { readOutbox } from '../support/outbox.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const SECRET = 'pdl_ntfset_test_secret';
const PADDLE_ENV = {
  PADDLE_API_KEY: 'pdl_sdbx_apikey_test',
  PADDLE_WEBHOOK_SECRET: SECRET,
  PADDLE_ENVIRONMENT: 'sandbox',
  PADDLE_PRICES: 'pro=pri_pro:600,corp=pri_corp:1800',
};

/** The provider's answers, held until the test lets them go: a slow payment page. */
const asked: string[] = [];
let release: () => void = () => undefined;
let ready = Promise.resolve();
const provider: PaymentProvider = {
  async cancelSubscription() {},
  async paymentMethodLink(subscriptionId) {
    asked.push(subscriptionId);
    await ready;
    return `https://sandbox-pay.paddle.io/hsc_01${subscriptionId}?_ptxn=txn_01edit`;
  },
};

let server: TestServer;
beforeAll(async () => {
  const billing = readBillingConfig(PADDLE_ENV, [])!;
  server = await startTestServer({ env: PADDLE_ENV, config: { billing: { ...billing, provider } } });
});
afterAll(() => server.stop());

async function subscribe(db: string): Promise<void> {
  const body = JSON.stringify({
    event_id: `evt_01hpay${db.slice(-6)}`,
    event_type: 'subscription.created',
    occurred_at: new Date().toISOString(),
    notification_id: 'ntf_pay',
    data: {
      id: `sub_${db.slice(-8)}`,
      status: 'active',
      customer_id: 'ctm_01test',
      custom_data: { account_id: db },
      items: [{ price: { id: 'pri_pro' }, quantity: 1, status: 'active' }],
    },
  });
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(`${server.url}/api/billing/paddle`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paddle-signature': `ts=${ts};h1=${createHmac('sha256', SECRET).update(`${ts}:${body}`).digest('hex')}`,
    },
    body,
  });
  expect(res.status).toBe(200);
}

describe('payment-edit link', () => {
  it('is refused to a group without a subscription and to a member who is not an administrator', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Oficina Sem Plano');
    const res = await owner.client.post(`/api/groups/${db}/payment-link`);
    expect(res.status).toBe(422);
    await subscribe(db);
    const member = await addMember(server, owner, db);
    expect((await member.client.post(`/api/groups/${db}/payment-link`)).status).toBe(403);
    expect(asked).toEqual([]);
  });

  it('answers at once and e-mails the link the provider prepared, when it is ready, in the asker’s language', async () => {
    const { owner, db } = await ownerWithGroup(server, 'Oficina Paga', { locale: 'pt-BR' });
    await subscribe(db);
    ready = new Promise<void>((resolve) => (release = resolve));

    const res = await owner.client.post(`/api/groups/${db}/payment-link`);
    expect(res.status).toBe(202);
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(1);
    expect(asked[0]).toBe(`sub_${db.slice(-8)}`);
    // The provider has not answered: nothing is sent yet, and the person may close the window.
    // (The outbox's own reader waits for the queue to be idle, which this job is not.)
    const outbox = readdirSync(path.join(server.dataDir, 'outbox'));
    expect(outbox.some((f) => f.includes('paymentLink'))).toBe(false);

    release();
    const sentTo = async () =>
      (await readOutbox(server)).filter((m) => m.to.includes(owner.email) && m.file.includes('paymentLink'));
    await expect.poll(async () => (await sentTo()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await sentTo();
    expect(mail!.subject).toBe('Seu link de pagamento para Oficina Paga');
    expect(mail!.text).toContain(`https://sandbox-pay.paddle.io/hsc_01sub_${db.slice(-8)}?_ptxn=txn_01edit`);
    expect(mail!.text).toContain('(Pro)');
  });
});
