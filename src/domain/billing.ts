// Plans and billing as pure rules (spec 000 §3–§5, §9; spec 001 §9): what a group's plan is, who
// may ask for which change and when, the free plan's record limit and the read-only state it leads
// to, which price a checkout pays, and how a payment provider's subscription events move the plan.
// The server runs them (src/server/services/billing.ts); the screens read the same functions.
import { FIELD_MESSAGES } from './errors.ts';
import { minorToDecimal } from './money.ts';
import { type Plan, PLANS } from './groups.ts';

export const FREE_RECORD_LIMIT = 1000;
/** Days a free group past its limit keeps writing (spec 000 §9: "30 days to switch"). */
export const FREE_LIMIT_GRACE_DAYS = 30;
/** No plan change for 24 hours after one (spec 000 §4, §9). */
export const PLAN_SWITCH_LOCK_MS = 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

export const BILLING_MESSAGES = {
  overFreeLimit: 'You can not switch to free plan because you have used more than 1,000 records in the database',
  noPlan: 'We could not find any plan, please refresh the page',
  noPlans: 'No plans found, please try again later',
  needsSubscription: 'You need a subscription to access this Group',
  switchLocked: 'The plan of this Group changed less than 24 hours ago, please try again later',
  nothingToCancel: 'This Group has no subscription to cancel',
  readOnly:
    'This Group passed the 1,000 records of the free plan more than 30 days ago and is read-only: switch to a paid plan or delete records to write again',
  paymentsNotConfigured: 'Payments are not configured on this server',
} as const;

/**
 * Group settings only the server writes: the plan the provider confirmed and what ties the group
 * to its subscription, and the server's own bookkeeping of changes and of the free limit.
 * `unconfirmed-plan` is among them: people ask for it through the subscription update handler,
 * which checks the rules below, never by writing the setting.
 */
export const SERVER_SETTING_KEYS: ReadonlySet<string> = new Set([
  'confirmed-plan',
  'unconfirmed-plan',
  'platform_customer_id',
  'platform_price_id',
  'platform_subscription_id',
  'livemode',
  'v7_plan',
  'plan-changed-at',
  'free-limit-passed-at',
  'billing-event-at',
  'billing-event-id',
  // A sub-group's parent and a parent's list of sub-groups (src/domain/group-access.ts).
  'parent-account-id',
  'sub-groups',
]);

export function isPlan(value: unknown): value is Plan {
  return (PLANS as readonly unknown[]).includes(value);
}

type Settings = Readonly<Record<string, unknown>>;

/** The plan a group is on: the one the server confirmed, free until one is. */
export function planOf(settings: Settings | null | undefined): Plan {
  const plan = settings?.['confirmed-plan'];
  return isPlan(plan) ? plan : 'free';
}

const time = (value: unknown): number | null => {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? at : null;
};

/** When the group may change plan again (24 hours after the last change), or null when it may now. */
export function planSwitchUnlocksAt(settings: Settings, now: Date): Date | null {
  const changed = time(settings['plan-changed-at']);
  if (changed === null || now.getTime() >= changed + PLAN_SWITCH_LOCK_MS) return null;
  return new Date(changed + PLAN_SWITCH_LOCK_MS);
}

export type PlanRequest = 'free' | 'cancel';

/**
 * Why an administrator may not ask for `request` now (spec 000 §4), or null. `records` counts the
 * group's business records. Free: refused over the free limit. Cancel: only a paid plan with no
 * cancel in progress. Either: not within 24 hours of the last change.
 */
export function planRequestRefusal(
  settings: Settings,
  request: PlanRequest,
  records: number,
  now: Date,
): string | null {
  if (planSwitchUnlocksAt(settings, now)) return BILLING_MESSAGES.switchLocked;
  const plan = planOf(settings);
  if (request === 'free') return records > FREE_RECORD_LIMIT ? BILLING_MESSAGES.overFreeLimit : null;
  const paid = plan === 'pro' || plan === 'corp';
  return paid && settings['unconfirmed-plan'] !== 'cancel' ? null : BILLING_MESSAGES.nothingToCancel;
}

// --- the free limit -------------------------------------------------------------------------------

export interface FreeLimit {
  /** The group holds more business records than the free plan allows (and is on it). */
  over: boolean;
  /** When it passed the limit, as the server recorded it; null while under it. */
  passedAt: string | null;
  /** The last moment it may write, 30 days after it passed; null while under it. */
  deadline: string | null;
  readOnly: boolean;
}

/**
 * The free limit as it stands. `passedAt` is the server's record of the moment the count went
 * over, cleared when it falls back; paid plans have no limit. Deletions stay allowed while
 * read-only, so a group can go back under it (docs/billing.md).
 */
export function freeLimit(settings: Settings, now: Date): FreeLimit {
  const passed = planOf(settings) === 'free' ? time(settings['free-limit-passed-at']) : null;
  if (passed === null) return { over: false, passedAt: null, deadline: null, readOnly: false };
  const deadline = passed + FREE_LIMIT_GRACE_DAYS * DAY_MS;
  return {
    over: true,
    passedAt: new Date(passed).toISOString(),
    deadline: new Date(deadline).toISOString(),
    readOnly: now.getTime() >= deadline,
  };
}

/**
 * Whole days left to switch before the group turns read-only (a started day counts, so the last
 * day still says 1), 0 once past the deadline; null while under the limit or paying.
 */
export function freeLimitDaysLeft(settings: Settings, now: Date): number | null {
  const { deadline } = freeLimit(settings, now);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - now.getTime()) / DAY_MS));
}

/** What the server does with the moment a free group passed its limit, after a count. */
export function freeLimitChange(settings: Settings, records: number): 'passed' | 'back-under' | null {
  const recorded = time(settings['free-limit-passed-at']) !== null;
  const over = planOf(settings) === 'free' && records > FREE_RECORD_LIMIT;
  if (over && !recorded) return 'passed';
  if (!over && recorded) return 'back-under';
  return null;
}

/**
 * Why a write to the group is refused whatever it is, or null: a `locked` plan, or a free group
 * 30 days past its limit. Deletions are let through (they bring a group back under its limit).
 */
export function groupWriteLock(settings: Settings | null, now: Date, deleting: boolean): string | null {
  if (!settings) return null;
  if (planOf(settings) === 'locked') return BILLING_MESSAGES.needsSubscription;
  if (deleting) return null;
  return freeLimit(settings, now).readOnly ? BILLING_MESSAGES.readOnly : null;
}

// --- prices and checkout ----------------------------------------------------------------------------

/** A plan's price (spec 000 §3 PlanPrice); `unit_amount` in the currency's minor units. */
export interface PlanPrice {
  _id: string;
  klass: 'PlanPrice';
  group_plan: Plan;
  unit_amount: number;
  currency: string;
  platform_price_id: string;
  livemode: boolean;
  active: boolean;
}

/** The active prices a checkout for `priceId` may mean, in this mode (`free` and `cancel` name the free plan). */
export function matchingPrices(prices: readonly PlanPrice[], priceId: string, livemode: boolean): PlanPrice[] {
  return prices.filter(
    (p) =>
      p.active &&
      p.livemode === livemode &&
      (priceId === 'free' || priceId === 'cancel' ? p.group_plan === 'free' : p.platform_price_id === priceId),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type CheckoutVerdict = { ok: true; price: PlanPrice } | { ok: false; reason: string | Record<string, string[]> };

/**
 * Whether a checkout may start (spec 000 §5): a billing e-mail first ("is invalid" on
 * `billing_email` when it is missing), then exactly one matching active price.
 */
export function checkoutVerdict(
  settings: Settings,
  prices: readonly PlanPrice[],
  priceId: string,
  livemode: boolean,
): CheckoutVerdict {
  const email = settings['billing-email'];
  if (typeof email !== 'string' || !EMAIL.test(email.trim()))
    return { ok: false, reason: { billing_email: [FIELD_MESSAGES.invalid] } };
  const matching = matchingPrices(prices, priceId, livemode);
  if (matching.length !== 1) return { ok: false, reason: BILLING_MESSAGES.noPlan };
  return { ok: true, price: matching[0]! };
}

/** The plan table has a free plan and at least two paid ones, or it shows its empty state. */
export function hasPlanTable(prices: readonly PlanPrice[], livemode: boolean): boolean {
  const shown = prices.filter((p) => p.active && p.livemode === livemode);
  return shown.length >= 3 && shown.some((p) => p.group_plan === 'free');
}

/**
 * A price as the checkout shows it: `unit_amount / 100` as an exact decimal (no float), with its
 * currency: 600 USD → "6.00". Prices are kept in cents, so two decimals whatever the currency.
 */
export function priceDisplay(price: Pick<PlanPrice, 'unit_amount' | 'currency'>): { amount: string; currency: string } {
  return { amount: minorToDecimal(price.unit_amount, 2), currency: price.currency };
}

// --- subscription events ----------------------------------------------------------------------------

/** A provider's subscription event, reduced to what moves a plan. */
export interface SubscriptionEvent {
  id: string;
  type: string;
  /** When it happened at the provider (ISO 8601), which decides the order events apply in. */
  occurredAt: string;
  accountId: string;
  status: string;
  subscriptionId: string;
  customerId: string;
  priceId: string | null;
}

/** The last event applied to a group, as the server keeps it. */
export interface AppliedEvent {
  at: string;
  id: string;
}

/** Microseconds kept: Paddle writes `2024-04-12T10:18:49.621022Z`, which a Date would round. */
function eventTime(at: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(at);
  if (!match) return '';
  const base = new Date(`${match[1]}${match[3]}`).toISOString().slice(0, 19);
  return `${base}.${(match[2] ?? '').padEnd(9, '0').slice(0, 9)}`;
}

/** Whether `event` comes after `last` (by time, then by id): a replay or an older event does not. */
export function isNewer(event: AppliedEvent, last: AppliedEvent | null): boolean {
  if (!last) return eventTime(event.at) !== '';
  const a = eventTime(event.at);
  const b = eventTime(last.at);
  if (a === '' || a < b) return false;
  return a > b || event.id > last.id;
}

/** Statuses in which a subscription pays for its plan (past due keeps it while the provider retries). */
const PAYING = new Set(['active', 'trialing', 'past_due']);

export type EventOutcome =
  | { apply: false; why: 'replayed-or-older' | 'unknown-price' }
  | { apply: true; settings: Record<string, string | boolean> };

/**
 * What a subscription event does to the group's settings, given the last one applied and the
 * prices: events carry the whole subscription, so the newest applied decides, and an older or
 * replayed one changes nothing. A paying status gives its price's plan; canceled or paused, free.
 */
export function subscriptionOutcome(
  event: SubscriptionEvent,
  last: AppliedEvent | null,
  prices: readonly PlanPrice[],
  livemode: boolean,
): EventOutcome {
  if (!isNewer({ at: event.occurredAt, id: event.id }, last)) return { apply: false, why: 'replayed-or-older' };
  let plan: Plan = 'free';
  if (PAYING.has(event.status)) {
    const price = prices.find((p) => p.platform_price_id === event.priceId && p.livemode === livemode);
    if (!price || price.group_plan === 'free') return { apply: false, why: 'unknown-price' };
    plan = price.group_plan;
  }
  return {
    apply: true,
    settings: {
      'confirmed-plan': plan,
      platform_customer_id: event.customerId,
      platform_subscription_id: event.subscriptionId,
      platform_price_id: plan === 'free' ? '' : (event.priceId ?? ''),
      livemode,
      'billing-event-at': event.occurredAt,
      'billing-event-id': event.id,
    },
  };
}

// --- what the screens show --------------------------------------------------------------------------

/** A group's plan as the billing and checkout screens state it (spec 000 §4). */
export interface PlanState {
  plan: Plan;
  /** A request the provider has not confirmed yet (`unconfirmed-plan`). */
  requested: PlanRequest | null;
  /** Until when no plan change is possible (24 hours after the last), or null. */
  lockedUntil: string | null;
  limit: FreeLimit;
  /** Why the group refuses writes now (locked plan, or 30 days past the free limit), or null. */
  readOnlyReason: string | null;
  /** The cancel-subscription button: pro or corp, no cancel in progress, not within the lock. */
  canCancel: boolean;
  /** The switch-to-free button: any plan but free, no switch in progress, not within the lock. */
  canSwitchToFree: boolean;
}

export function planState(settings: Settings, now: Date): PlanState {
  const plan = planOf(settings);
  const asked = settings['unconfirmed-plan'];
  const requested = asked === 'free' || asked === 'cancel' ? asked : null;
  const unlocks = planSwitchUnlocksAt(settings, now);
  const open = unlocks === null;
  return {
    plan,
    requested,
    lockedUntil: unlocks?.toISOString() ?? null,
    limit: freeLimit(settings, now),
    readOnlyReason: groupWriteLock(settings, now, false),
    canCancel: open && (plan === 'pro' || plan === 'corp') && requested !== 'cancel',
    canSwitchToFree: open && plan !== 'free' && requested !== 'free',
  };
}

const PLAN_ORDER: readonly Plan[] = ['free', 'pro', 'corp', 'locked'];

/**
 * The standalone checkout's plan table: this mode's active prices, free first then by plan, or
 * none when there are fewer than the three plans it needs (its empty state, spec 000 §5).
 */
export function planTable(prices: readonly PlanPrice[], livemode: boolean): PlanPrice[] {
  if (!hasPlanTable(prices, livemode)) return [];
  return prices
    .filter((p) => p.active && p.livemode === livemode)
    .sort(
      (a, b) => PLAN_ORDER.indexOf(a.group_plan) - PLAN_ORDER.indexOf(b.group_plan) || a.unit_amount - b.unit_amount,
    );
}

/**
 * Whether the server takes live payments, read from its prices: it writes the paid ones in its
 * configured mode only (and the free one in both), so the active paid prices say it; none, test.
 */
export function pricesLivemode(prices: readonly PlanPrice[]): boolean {
  return prices.some((p) => p.active && p.group_plan !== 'free' && p.livemode);
}
