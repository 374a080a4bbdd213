import { describe, expect, it } from 'vitest';
import { configuredPrices, readBillingConfig } from './billing.ts';
import { ID_PREFIXES, type Klass } from '../../domain/ids.ts';
import { COUNTER_KLASSES } from '../../domain/modules/index.ts';

const FULL = {
  PADDLE_API_KEY: 'pdl_live_apikey',
  PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_secret',
  PADDLE_ENVIRONMENT: 'production',
  PADDLE_PRICES: 'pro=pri_01pro:600, corp=pri_01corp:1800:BRL',
};

function read(env: Record<string, string>) {
  const problems: string[] = [];
  return { config: readBillingConfig(env, problems), problems };
}

describe('readBillingConfig (PADDLE_*)', () => {
  it('leaves payments unconfigured when nothing is set', () => {
    expect(read({})).toEqual({ config: null, problems: [] });
  });

  it('reads the provider, its mode and the paid prices', () => {
    expect(read(FULL)).toEqual({
      problems: [],
      config: {
        apiKey: 'pdl_live_apikey',
        webhookSecret: 'pdl_ntfset_secret',
        environment: 'production',
        livemode: true,
        clientToken: null,
        prices: [
          { plan: 'pro', priceId: 'pri_01pro', unitAmount: 600, currency: 'USD' },
          { plan: 'corp', priceId: 'pri_01corp', unitAmount: 1800, currency: 'BRL' },
        ],
        provider: { cancelSubscription: expect.any(Function), paymentMethodLink: expect.any(Function) },
      },
    });
    expect(read({ ...FULL, PADDLE_ENVIRONMENT: '' }).config).toMatchObject({ environment: 'sandbox', livemode: false });
  });

  it.each([
    [{ PADDLE_WEBHOOK_SECRET: 's' }, ['PADDLE_API_KEY is required', 'PADDLE_PRICES must name']],
    [{ ...FULL, PADDLE_WEBHOOK_SECRET: '' }, ['PADDLE_WEBHOOK_SECRET is required']],
    [{ ...FULL, PADDLE_ENVIRONMENT: 'live' }, ['PADDLE_ENVIRONMENT must be sandbox or production']],
    [{ ...FULL, PADDLE_PRICES: 'gold=pri_1:600' }, ['PADDLE_PRICES entries look like']],
    [{ ...FULL, PADDLE_PRICES: 'pro=pri_1:6.00' }, ['PADDLE_PRICES entries look like']],
  ])('lists every bad variable: %j', (env, starts) => {
    const { config, problems } = read(env);
    expect(config).toBeNull();
    expect(problems).toHaveLength(starts.length);
    starts.forEach((start, i) => expect(problems[i]).toContain(start));
  });

  it('always offers the free plan at 0 in both modes, with stable ids', () => {
    const prices = configuredPrices(read(FULL).config);
    expect(prices.map((p) => [p.group_plan, p.unit_amount, p.livemode])).toEqual([
      ['free', 0, false],
      ['free', 0, true],
      ['pro', 600, true],
      ['corp', 1800, true],
    ]);
    expect(configuredPrices(null).map((p) => p._id)).toEqual(prices.slice(0, 2).map((p) => p._id));
    for (const p of prices)
      expect(p._id).toMatch(/^ppr-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the records counted by their ids (countRecordsUpTo)', () => {
  it('finds every counted klass by a prefix no other klass uses', () => {
    const prefixes = Object.entries(ID_PREFIXES);
    for (const klass of COUNTER_KLASSES) {
      const prefix = ID_PREFIXES[klass as Klass];
      expect(prefix, klass).toMatch(/^[a-z]{3}$/);
      expect(prefixes.filter(([, p]) => p === prefix).map(([k]) => k)).toEqual([klass]);
    }
  });
});
