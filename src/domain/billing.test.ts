import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES as B,
  checkoutVerdict,
  freeLimit,
  freeLimitChange,
  freeLimitDaysLeft,
  groupWriteLock,
  hasPlanTable,
  isNewer,
  matchingPrices,
  planOf,
  planState,
  planTable,
  pricesLivemode,
  planRequestRefusal,
  type PlanPrice,
  priceDisplay,
  type SubscriptionEvent,
  subscriptionOutcome,
} from './billing.ts';
import { formatBytes } from './bytes.ts';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const daysAgo = (d: number) => hoursAgo(d * 24);

const price = (over: Partial<PlanPrice>): PlanPrice => ({
  _id: 'ppr-1',
  klass: 'PlanPrice',
  group_plan: 'pro',
  unit_amount: 600,
  currency: 'USD',
  platform_price_id: 'pri_pro',
  livemode: false,
  active: true,
  ...over,
});
const PRICES = [
  price({ _id: 'ppr-f0', group_plan: 'free', unit_amount: 0, platform_price_id: 'free', livemode: false }),
  price({ _id: 'ppr-f1', group_plan: 'free', unit_amount: 0, platform_price_id: 'free', livemode: true }),
  price({ _id: 'ppr-p', group_plan: 'pro', platform_price_id: 'pri_pro' }),
  price({ _id: 'ppr-c', group_plan: 'corp', unit_amount: 1800, platform_price_id: 'pri_corp' }),
  price({ _id: 'ppr-old', group_plan: 'pro', platform_price_id: 'pri_old', active: false }),
];

describe('planOf', () => {
  it.each([
    [{}, 'free'],
    [{ 'confirmed-plan': 'pro' }, 'pro'],
    [{ 'confirmed-plan': 'corp' }, 'corp'],
    [{ 'confirmed-plan': 'locked' }, 'locked'],
    [{ 'confirmed-plan': 'gold' }, 'free'],
  ])('%j is on %s', (settings, plan) => expect(planOf(settings)).toBe(plan));
});

describe('planRequestRefusal (unconfirmed-plan: free or cancel)', () => {
  it.each([
    ['free under the limit', {}, 'free', 1000, null],
    ['free over the limit', {}, 'free', 1001, B.overFreeLimit],
    ['free from pro over the limit', { 'confirmed-plan': 'pro' }, 'free', 5000, B.overFreeLimit],
    ['cancel on pro', { 'confirmed-plan': 'pro' }, 'cancel', 5000, null],
    ['cancel on corp', { 'confirmed-plan': 'corp' }, 'cancel', 0, null],
    ['cancel on free', {}, 'cancel', 0, B.nothingToCancel],
    ['cancel in progress', { 'confirmed-plan': 'pro', 'unconfirmed-plan': 'cancel' }, 'cancel', 0, B.nothingToCancel],
    ['23 h after a switch', { 'confirmed-plan': 'pro', 'plan-changed-at': hoursAgo(23) }, 'cancel', 0, B.switchLocked],
    ['24 h after a switch', { 'confirmed-plan': 'pro', 'plan-changed-at': hoursAgo(24) }, 'cancel', 0, null],
    ['free 1 h after a switch', { 'plan-changed-at': hoursAgo(1) }, 'free', 0, B.switchLocked],
  ] as const)('%s', (_, settings, request, records, refusal) =>
    expect(planRequestRefusal(settings, request, records, NOW)).toBe(refusal),
  );
});

describe('the free limit', () => {
  it.each([
    ['free, under', {}, 1000, null],
    ['free, passing it', {}, 1001, 'passed'],
    ['free, passing it after a clear', { 'free-limit-passed-at': '' }, 1001, 'passed'],
    ['free, already recorded', { 'free-limit-passed-at': daysAgo(3) }, 1500, null],
    ['free, back under', { 'free-limit-passed-at': daysAgo(3) }, 1000, 'back-under'],
    ['pro over it', { 'confirmed-plan': 'pro' }, 5000, null],
    ['pro with an old mark', { 'confirmed-plan': 'pro', 'free-limit-passed-at': daysAgo(40) }, 5000, 'back-under'],
  ] as const)('%s', (_, settings, records, change) => expect(freeLimitChange(settings, records)).toBe(change));

  it('gives 30 days, then the group is read-only', () => {
    const passed = daysAgo(29);
    expect(freeLimit({ 'free-limit-passed-at': passed }, NOW)).toEqual({
      over: true,
      passedAt: passed,
      deadline: new Date(Date.parse(passed) + 30 * 86_400_000).toISOString(),
      readOnly: false,
    });
    expect(freeLimit({ 'free-limit-passed-at': daysAgo(30) }, NOW).readOnly).toBe(true);
    expect(freeLimit({}, NOW)).toEqual({ over: false, passedAt: null, deadline: null, readOnly: false });
  });

  it.each([
    ['under the limit', {}, null],
    ['just passed', { 'free-limit-passed-at': NOW.toISOString() }, 30],
    ['3 days past it', { 'free-limit-passed-at': daysAgo(3) }, 27],
    ['a part of a day counts as a day', { 'free-limit-passed-at': hoursAgo(29 * 24 + 1) }, 1],
    ['past the deadline', { 'free-limit-passed-at': daysAgo(31) }, 0],
  ] as const)('days left to switch, %s', (_, settings, days) => expect(freeLimitDaysLeft(settings, NOW)).toBe(days));

  it.each([
    ['under the limit', {}, false, null],
    ['29 days past it', { 'free-limit-passed-at': daysAgo(29) }, false, null],
    ['30 days past it', { 'free-limit-passed-at': daysAgo(30) }, false, B.readOnly],
    ['30 days past it, deleting', { 'free-limit-passed-at': daysAgo(30) }, true, null],
    ['paid after passing it', { 'confirmed-plan': 'pro', 'free-limit-passed-at': daysAgo(90) }, false, null],
    ['locked', { 'confirmed-plan': 'locked' }, false, B.needsSubscription],
    ['locked, deleting', { 'confirmed-plan': 'locked' }, true, B.needsSubscription],
    ['a personal database', null, false, null],
  ] as const)('writes when %s', (_, settings, deleting, lock) =>
    expect(groupWriteLock(settings, NOW, deleting)).toBe(lock),
  );
});

describe('checkout', () => {
  const withEmail = { 'billing-email': 'pay@example.com' };
  it.each([
    ['no billing e-mail', {}, 'pri_pro', false, { billing_email: ['is invalid'] }],
    ['a blank billing e-mail', { 'billing-email': ' ' }, 'pri_pro', false, { billing_email: ['is invalid'] }],
    ['an unknown price', withEmail, 'pri_x', false, B.noPlan],
    ['an inactive price', withEmail, 'pri_old', false, B.noPlan],
    ['a price of the other mode', withEmail, 'pri_pro', true, B.noPlan],
  ] as const)('refuses %s', (_, settings, id, live, reason) =>
    expect(checkoutVerdict(settings, PRICES, id, live)).toEqual({ ok: false, reason }),
  );

  it('finds exactly one price, and the free one for free and cancel', () => {
    expect(checkoutVerdict(withEmail, PRICES, 'pri_pro', false)).toEqual({ ok: true, price: PRICES[2] });
    expect(matchingPrices(PRICES, 'free', true)).toEqual([PRICES[1]]);
    expect(matchingPrices(PRICES, 'cancel', false)).toEqual([PRICES[0]]);
    const twice = [...PRICES, price({ _id: 'ppr-dup' })];
    expect(checkoutVerdict(withEmail, twice, 'pri_pro', false)).toEqual({ ok: false, reason: B.noPlan });
  });

  it('shows the plan table with a free plan and two paid ones', () => {
    expect(hasPlanTable(PRICES, false)).toBe(true);
    expect(hasPlanTable(PRICES, true)).toBe(false);
    expect(hasPlanTable(PRICES.slice(0, 3), false)).toBe(false);
  });

  it.each([
    [0, '0.00'],
    [600, '6.00'],
    [1800, '18.00'],
    [5, '0.05'],
    [123456789, '1234567.89'],
    [9_007_199_254_740_991, '90071992547409.91'],
  ])('shows %i cents as %s, exactly', (cents, amount) =>
    expect(priceDisplay({ unit_amount: cents, currency: 'USD' })).toEqual({ amount, currency: 'USD' }),
  );

  it('shows sizes in decimal units', () => {
    expect(formatBytes(1_000_000)).toBe('1 MB');
    expect(formatBytes(1_000_000_000)).toBe('1 GB');
  });
});

describe('subscription events', () => {
  const event = (over: Partial<SubscriptionEvent>): SubscriptionEvent => ({
    id: 'evt_02',
    type: 'subscription.activated',
    occurredAt: '2026-11-27T10:00:00.000200Z',
    accountId: 'acc-1',
    status: 'active',
    subscriptionId: 'sub_1',
    customerId: 'ctm_1',
    priceId: 'pri_pro',
    ...over,
  });

  it.each([
    ['the first event', null, { at: '2026-11-27T10:00:00.5Z', id: 'evt_1' }, true],
    ['a replay', { at: '2026-11-27T10:00:00.5Z', id: 'evt_1' }, { at: '2026-11-27T10:00:00.5Z', id: 'evt_1' }, false],
    [
      'an older one',
      { at: '2026-11-27T10:00:01Z', id: 'evt_1' },
      { at: '2026-11-27T10:00:00.999999Z', id: 'evt_2' },
      false,
    ],
    [
      'a later one',
      { at: '2026-11-27T10:00:00Z', id: 'evt_9' },
      { at: '2026-11-27T10:00:00.000001Z', id: 'evt_1' },
      true,
    ],
    [
      'microseconds apart',
      { at: '2026-11-27T10:00:00.000200Z', id: 'a' },
      { at: '2026-11-27T10:00:00.000201Z', id: 'a0' },
      true,
    ],
    [
      'same time, later id',
      { at: '2026-11-27T10:00:00Z', id: 'evt_1' },
      { at: '2026-11-27T10:00:00.000Z', id: 'evt_2' },
      true,
    ],
    [
      'another zone, same instant',
      { at: '2026-11-27T10:00:00Z', id: 'evt_2' },
      { at: '2026-11-27T07:00:00-03:00', id: 'evt_1' },
      false,
    ],
    ['no date', null, { at: 'yesterday', id: 'evt_1' }, false],
  ] as const)('%s', (_, last, next, newer) => expect(isNewer(next, last)).toBe(newer));

  it('gives the price’s plan while paying, free once canceled or paused', () => {
    const applied = subscriptionOutcome(event({}), null, PRICES, false);
    expect(applied).toEqual({
      apply: true,
      settings: {
        'confirmed-plan': 'pro',
        platform_customer_id: 'ctm_1',
        platform_subscription_id: 'sub_1',
        platform_price_id: 'pri_pro',
        livemode: false,
        'billing-event-at': '2026-11-27T10:00:00.000200Z',
        'billing-event-id': 'evt_02',
      },
    });
    const plan = (e: Partial<SubscriptionEvent>) => {
      const outcome = subscriptionOutcome(event(e), null, PRICES, false);
      return outcome.apply ? outcome.settings['confirmed-plan'] : outcome.why;
    };
    expect(plan({ status: 'trialing', priceId: 'pri_corp' })).toBe('corp');
    expect(plan({ status: 'past_due' })).toBe('pro');
    expect(plan({ status: 'canceled' })).toBe('free');
    expect(plan({ status: 'paused' })).toBe('free');
    expect(plan({ priceId: 'pri_unknown' })).toBe('unknown-price');
    expect(plan({ priceId: 'free' })).toBe('unknown-price');
  });

  it('ignores a replayed or older event', () => {
    const last = { at: '2026-11-27T11:00:00Z', id: 'evt_03' };
    expect(subscriptionOutcome(event({}), last, PRICES, false)).toEqual({ apply: false, why: 'replayed-or-older' });
  });
});

describe('planState: what the billing screens show', () => {
  it('a fresh group is free, may switch, has nothing to cancel and no deadline', () => {
    expect(planState({}, NOW)).toEqual({
      plan: 'free',
      requested: null,
      lockedUntil: null,
      limit: { over: false, passedAt: null, deadline: null, readOnly: false },
      readOnlyReason: null,
      canCancel: false,
      canSwitchToFree: false,
    });
  });
  it('offers cancel only on pro or corp with no cancel in progress, and nothing within 24 hours', () => {
    expect(planState({ 'confirmed-plan': 'pro' }, NOW)).toMatchObject({ canCancel: true, canSwitchToFree: true });
    expect(planState({ 'confirmed-plan': 'corp' }, NOW).canCancel).toBe(true);
    expect(planState({ 'confirmed-plan': 'pro', 'unconfirmed-plan': 'cancel' }, NOW)).toMatchObject({
      requested: 'cancel',
      canCancel: false,
      canSwitchToFree: true,
    });
    expect(planState({ 'confirmed-plan': 'pro', 'unconfirmed-plan': 'free' }, NOW)).toMatchObject({
      requested: 'free',
      canSwitchToFree: false,
    });
    const locked = planState({ 'confirmed-plan': 'pro', 'plan-changed-at': hoursAgo(2) }, NOW);
    expect(locked).toMatchObject({ canCancel: false, canSwitchToFree: false, lockedUntil: hoursAgo(-22) });
    expect(planState({ 'confirmed-plan': 'locked' }, NOW)).toMatchObject({
      canSwitchToFree: true,
      readOnlyReason: B.needsSubscription,
    });
  });
  it('gives the deadline while over the limit and the spec’s sentence once read-only', () => {
    expect(planState({ 'free-limit-passed-at': daysAgo(3) }, NOW)).toMatchObject({
      limit: { over: true, deadline: daysAgo(-27), readOnly: false },
      readOnlyReason: null,
    });
    expect(planState({ 'free-limit-passed-at': daysAgo(31) }, NOW)).toMatchObject({
      limit: { over: true, readOnly: true },
      readOnlyReason: B.readOnly,
    });
  });
});

describe('planTable: the standalone checkout’s plans', () => {
  it('lists this mode’s active prices, free first then by amount; none under 3 plans', () => {
    expect(planTable(PRICES, false).map((p) => p._id)).toEqual(['ppr-f0', 'ppr-p', 'ppr-c']);
    expect(planTable(PRICES, true)).toEqual([]);
    expect(planTable(PRICES.slice(0, 3), false)).toEqual([]);
  });
});

describe('pricesLivemode', () => {
  it('is the mode of the paid prices the server offers (it writes them in its configured mode only)', () => {
    expect(pricesLivemode(PRICES)).toBe(false);
    expect(pricesLivemode([...PRICES.slice(0, 2), price({ _id: 'ppr-live', livemode: true })])).toBe(true);
    expect(pricesLivemode(PRICES.slice(0, 2))).toBe(false);
  });
});
