// Plans and billing, the server's half (docs/billing.md): the configuration of the payment
// provider (Paddle Billing), the plan prices it serves, the provider's subscription events applied
// once each in order of occurrence, the plan requests of administrators (switch to free, cancel),
// and the free plan's record limit with its notice and its read-only state. The rules themselves
// are pure (src/domain/billing.ts); this file reads and writes the store around them.
import { createHash } from 'node:crypto';
import { Environment, NodeRuntime, Paddle, Webhooks } from '@paddle/paddle-node-sdk';
import {
  BILLING_MESSAGES,
  FREE_RECORD_LIMIT,
  freeLimit,
  freeLimitChange,
  groupWriteLock,
  isPlan,
  planOf,
  type PlanPrice,
  type PlanRequest,
  planRequestRefusal,
  type SubscriptionEvent,
  subscriptionOutcome,
} from '../../domain/billing.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../domain/errors.ts';
import type { Plan } from '../../domain/groups.ts';
import { ID_PREFIXES, isId, type Klass, klassOfId } from '../../domain/ids.ts';
import { COUNTER_KLASSES } from '../../domain/modules/index.ts';
import { type AppContext, SYSTEM_DB } from '../context.ts';
import { badRequest, forbidden, HttpError, unprocessable } from '../http/http-error.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import type { JobQueue } from './jobs.ts';
import { listMemberships, putMembershipCopy, readSecurity, readSettings } from './groups.ts';
import { getUser, queueMail } from './users.ts';

// --- configuration ----------------------------------------------------------------------------------

export interface PaidPrice {
  plan: Exclude<Plan, 'free' | 'locked'>;
  priceId: string;
  unitAmount: number;
  currency: string;
}

export interface BillingConfig {
  apiKey: string;
  webhookSecret: string;
  /** `production` is live mode; `sandbox` (the default) is Paddle's test environment. */
  environment: 'sandbox' | 'production';
  livemode: boolean;
  /** The browser overlay's token (Paddle.js), handed to the checkout screen; optional. */
  clientToken: string | null;
  prices: PaidPrice[];
  /** The provider's API as the server calls it: Paddle's, or a test's stand-in (no network in tests). */
  provider: PaymentProvider;
}

/** What the server asks of the payment provider beyond its webhooks. */
export interface PaymentProvider {
  cancelSubscription(subscriptionId: string, when: 'immediately' | 'next_billing_period'): Promise<void>;
  /** The provider's page where the subscription's payment details are changed (services/payment-link.ts). */
  paymentMethodLink?(subscriptionId: string): Promise<string>;
}

function paddleProvider(apiKey: string, livemode: boolean): PaymentProvider {
  return {
    async cancelSubscription(subscriptionId, when) {
      const paddle = new Paddle(apiKey, { environment: livemode ? Environment.production : Environment.sandbox });
      await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: when });
    },
    async paymentMethodLink(subscriptionId) {
      const paddle = new Paddle(apiKey, { environment: livemode ? Environment.production : Environment.sandbox });
      const transaction = await paddle.subscriptions.getPaymentMethodChangeTransaction(subscriptionId);
      const url = transaction.checkout?.url;
      if (!url) throw new Error(`Paddle gave no checkout link for ${subscriptionId}'s payment method`);
      return url;
    },
  };
}

const PRICE_ENTRY = /^(pro|corp)=([A-Za-z0-9_-]{1,100}):(\d{1,9})(?::([A-Z]{3}))?$/;

/**
 * `PADDLE_*`: all of API key, webhook secret and prices, or none (payments not configured, and
 * everything else works). Each bad variable is one sentence in `problems`.
 */
export function readBillingConfig(env: NodeJS.ProcessEnv, problems: string[]): BillingConfig | null {
  const apiKey = env.PADDLE_API_KEY?.trim() ?? '';
  const webhookSecret = env.PADDLE_WEBHOOK_SECRET?.trim() ?? '';
  const priceList = env.PADDLE_PRICES?.trim() ?? '';
  if (!apiKey && !webhookSecret && !priceList) return null;
  const before = problems.length;
  if (!apiKey) problems.push('PADDLE_API_KEY is required when PADDLE_WEBHOOK_SECRET or PADDLE_PRICES is set');
  if (!webhookSecret) problems.push('PADDLE_WEBHOOK_SECRET is required when PADDLE_API_KEY or PADDLE_PRICES is set');
  const environment = env.PADDLE_ENVIRONMENT?.trim() || 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production')
    problems.push(`PADDLE_ENVIRONMENT must be sandbox or production, got "${environment}"`);
  const prices: PaidPrice[] = [];
  for (const entry of priceList
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = PRICE_ENTRY.exec(entry);
    if (!match) {
      problems.push(`PADDLE_PRICES entries look like pro=pri_…:600 or corp=pri_…:1800:USD (cents); got "${entry}"`);
      continue;
    }
    prices.push({
      plan: match[1] as PaidPrice['plan'],
      priceId: match[2]!,
      unitAmount: Number(match[3]),
      currency: match[4] ?? 'USD',
    });
  }
  if (prices.length === 0 && priceList === '') problems.push('PADDLE_PRICES must name the paid plans’ prices');
  if (problems.length > before) return null;
  return {
    apiKey,
    webhookSecret,
    environment: environment as BillingConfig['environment'],
    livemode: environment === 'production',
    clientToken: env.PADDLE_CLIENT_TOKEN?.trim() || null,
    prices,
    provider: paddleProvider(apiKey, environment === 'production'),
  };
}

/** The configuration, or a 503 that says payments are not configured. */
export function requireBilling(ctx: AppContext): BillingConfig {
  if (!ctx.config.billing) throw new HttpError(503, BILLING_MESSAGES.paymentsNotConfigured, 'payments_not_configured');
  return ctx.config.billing;
}

// --- plan prices --------------------------------------------------------------------------------------

/** A stable id per price and mode, so every instance seeding at once writes the same documents. */
function stableId(prefix: 'ppr' | 'adj', name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return `${prefix}-${uuid}`;
}

/** The prices the configuration asks for: free in both modes (unit_amount 0), then the paid ones. */
export function configuredPrices(config: BillingConfig | null): PlanPrice[] {
  const free = [false, true].map((livemode): PlanPrice => ({
    _id: stableId('ppr', `free:${livemode}`),
    klass: 'PlanPrice',
    group_plan: 'free',
    unit_amount: 0,
    currency: 'USD',
    platform_price_id: 'free',
    livemode,
    active: true,
  }));
  const paid = (config?.prices ?? []).map((p): PlanPrice => ({
    _id: stableId('ppr', `${p.priceId}:${config!.livemode}`),
    klass: 'PlanPrice',
    group_plan: p.plan,
    unit_amount: p.unitAmount,
    currency: p.currency,
    platform_price_id: p.priceId,
    livemode: config!.livemode,
    active: true,
  }));
  return [...free, ...paid];
}

export async function storedPrices(ctx: AppContext): Promise<PlanPrice[]> {
  return (await ctx.store.docsWithPrefix<PlanPrice & CouchDoc>(SYSTEM_DB, 'ppr-')).filter(
    (d) => d.klass === 'PlanPrice',
  );
}

/**
 * Writes the configured prices at start and marks the others inactive (a price taken out of the
 * configuration stays readable for the groups that paid it, but no checkout offers it).
 */
export async function seedPrices(ctx: AppContext): Promise<void> {
  const wanted = new Map(configuredPrices(ctx.config.billing).map((p) => [p._id, p]));
  const stored = new Map((await storedPrices(ctx)).map((p) => [p._id, p as PlanPrice & CouchDoc]));
  for (const id of new Set([...wanted.keys(), ...stored.keys()])) {
    await ctx.store.update<PlanPrice & CouchDoc>(
      SYSTEM_DB,
      id,
      (current) => {
        const next = wanted.get(id) ?? (current ? { ...current, active: false } : null);
        if (!next) return null;
        const { _rev, ...was } = current ?? ({} as Partial<PlanPrice & CouchDoc>);
        if (current && JSON.stringify(was) === JSON.stringify(next)) return null;
        return { ...next, ...(_rev ? { _rev } : {}) };
      },
      { known: stored.get(id) ?? null },
    );
  }
}

const PRICE_FIELDS = new Set([
  '_id',
  'group_plan',
  'unit_amount',
  'currency',
  'platform_price_id',
  'livemode',
  'active',
]);

/**
 * `POST /db/prices/_find` (spec 000 §7): a selector of equalities on the price's fields, as the
 * checkout sends it (`{active: true}`, `{_id, livemode}`), answered from the few stored prices. No
 * selector reaches the store.
 */
export async function findPrices(ctx: AppContext, body: Record<string, unknown>): Promise<{ docs: unknown[] }> {
  requireBilling(ctx);
  const selector = body.selector ?? {};
  if (selector === null || typeof selector !== 'object' || Array.isArray(selector))
    throw badRequest({ selector: [FIELD_MESSAGES.invalid] });
  const wanted: Array<[string, unknown]> = [];
  for (const [field, condition] of Object.entries(selector)) {
    const value =
      condition !== null && typeof condition === 'object' && !Array.isArray(condition) && '$eq' in condition
        ? (condition as { $eq: unknown }).$eq
        : condition;
    if (!PRICE_FIELDS.has(field) || (value !== null && typeof value === 'object'))
      throw badRequest({ selector: [FIELD_MESSAGES.invalid] });
    wanted.push([field, value]);
  }
  const fields = Array.isArray(body.fields) ? body.fields.filter((f): f is string => typeof f === 'string') : null;
  const docs = (await storedPrices(ctx))
    .filter((p) => wanted.every(([field, value]) => (p as unknown as Record<string, unknown>)[field] === value))
    .sort((a, b) => a.unit_amount - b.unit_amount)
    .map(({ _id, klass, group_plan, unit_amount, currency, platform_price_id, livemode, active }) => {
      const doc = { _id, klass, group_plan, unit_amount, currency, platform_price_id, livemode, active };
      return fields ? Object.fromEntries(Object.entries(doc).filter(([k]) => fields.includes(k))) : doc;
    });
  return { docs };
}

// --- group settings the server writes -------------------------------------------------------------

interface Adjustment extends CouchDoc {
  klass: 'Adjustment';
  key: string;
  value: unknown;
}

/**
 * Writes server settings of a group: each over its stored document, or as a new one whose id is
 * derived from the group and key (two instances creating it at once write the same document).
 * With `onlyIf`, the write happens when the stored values still pass it; false when they did not.
 */
export async function writeServerSettings(
  ctx: AppContext,
  db: string,
  values: Readonly<Record<string, unknown>>,
  onlyIf?: (settings: Record<string, unknown>) => boolean,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const stored = (await ctx.store.docsWithPrefix<Adjustment>(db, 'adj-')).filter((d) => d.klass === 'Adjustment');
    const settings = Object.fromEntries(stored.map((d) => [d.key, d.value]));
    if (onlyIf && !onlyIf(settings)) return false;
    const now = ctx.now().toISOString();
    const docs = Object.entries(values).flatMap(([key, value]) => {
      const current = stored.find((d) => d.key === key);
      if (current && current.value === value) return [];
      return [
        current
          ? { ...current, value, updated_at: now }
          : { _id: stableId('adj', `${db}:${key}`), klass: 'Adjustment', key, value, created_at: now, updated_at: now },
      ];
    });
    if (docs.length === 0) return true;
    const results = await ctx.store.must<Array<{ error?: string }>>(`/${db}/_bulk_docs`, {
      method: 'POST',
      body: { docs },
    });
    if (!results.some((r) => r.error === 'conflict')) return true;
    if (attempt >= 5) throw new Error(`billing: settings of ${db} kept changing`);
  }
}

// --- the free limit -------------------------------------------------------------------------------

/** The group's business records (spec 001 §9): the module kit's counters, from the count-by-klass view. */
export async function countRecords(ctx: AppContext, db: string): Promise<number> {
  const rows = await ctx.store.view<string, number>(db, 'count-by-klass', 'all', { group_level: 1 });
  return rows.reduce((sum, row) => (COUNTER_KLASSES.has(row.key) ? sum + row.value : sum), 0);
}

/** Which ways the writes may move the group's count: up (a record written) and down (one deleted). */
export interface CountChange {
  adds: boolean;
  removes: boolean;
}

const EITHER_WAY: CountChange = { adds: true, removes: true };

/**
 * The group's count, or a bound of it that decides the same, when the writes could change what
 * is recorded; null when they cannot. The view's count makes the store index every document
 * written since the last count: counted after each write of a seeding or an import, the index fell
 * behind the writes and kept the store busy into the next minute, doubling a first visit's pull
 * (docs/benchmarks.md). Everything here is read from the store after the writes, so instances
 * writing to one group at once agree.
 */
async function recordsThatMatter(
  ctx: AppContext,
  db: string,
  settings: Record<string, unknown>,
  { adds, removes }: CountChange,
): Promise<number | null> {
  // A paid group's mark is cleared whatever its count (freeLimitChange).
  if (planOf(settings) !== 'free') return 0;
  const over = freeLimit(settings, ctx.now()).over;
  // Marked, only a deletion can take it back under; unmarked, only a record written can pass.
  if (over ? !removes : !adds) return null;
  // Every live document of the group, records or not (settings, design documents): at or under
  // the limit, its records are too, and any number at or under it decides the same.
  const { doc_count } = await ctx.store.must<{ doc_count: number }>(`/${encodeURIComponent(db)}`);
  if (doc_count <= FREE_RECORD_LIMIT) return over ? doc_count : null;
  return countRecordsUpTo(ctx, db, FREE_RECORD_LIMIT);
}

/**
 * The group's records counted by their ids, up to one past `bound` (a number that decides the
 * limit the same as the exact count). Not the count view: in the embedded store a view runs each
 * new document through a fresh JavaScript sandbox (about a millisecond each), so counting a
 * seeding of 11,500 documents kept the store busy for a minute, into the first visit's pull
 * (docs/benchmarks.md). The ids say the kind: the door refuses a record whose id does not carry
 * its klass's prefix, and no two klasses share one (tested). At most `bound + 1` ids are read.
 */
export async function countRecordsUpTo(ctx: AppContext, db: string, bound: number): Promise<number> {
  let count = 0;
  for (const klass of COUNTER_KLASSES) {
    const prefix = `${ID_PREFIXES[klass as Klass]}-`;
    const { rows } = await ctx.store.must<{ rows: unknown[] }>(`/${encodeURIComponent(db)}/_all_docs`, {
      query: { startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`), limit: bound + 1 - count },
    });
    count += rows.length;
    if (count > bound) break;
  }
  return count;
}

/**
 * After writes that may change the count (records, deletions, update handlers): records the
 * moment a free group passes its limit and queues the notice to its administrators, or clears it
 * when the group is back under. Paid groups with no mark cost nothing here, and the view is
 * counted only when the writes could cross the limit (recordsThatMatter).
 */
export async function checkFreeLimit(ctx: AppContext, db: string, writes: CountChange = EITHER_WAY): Promise<void> {
  const settings = await readSettings(ctx, db);
  if (planOf(settings) !== 'free' && !settings['free-limit-passed-at']) return;
  const records = await recordsThatMatter(ctx, db, settings, writes);
  if (records === null) return;
  const change = freeLimitChange(settings, records);
  if (change === 'passed') {
    const at = ctx.now().toISOString();
    // Only the instance whose write lands first queues the e-mail.
    const wrote = await writeServerSettings(
      ctx,
      db,
      { 'free-limit-passed-at': at },
      (now) => !now['free-limit-passed-at'],
    );
    if (wrote) await ctx.jobs.enqueue(LIMIT_NOTICE_JOB, { db, passed_at: at });
  } else if (change === 'back-under') {
    await writeServerSettings(ctx, db, { 'free-limit-passed-at': '' });
  }
}

/** A write that may change the count: a counted record, or a document whose kind the write does not say. */
function touchesCount(doc: { _id?: unknown; klass?: unknown }): boolean {
  const klass = typeof doc.klass === 'string' ? doc.klass : typeof doc._id === 'string' ? klassOfId(doc._id) : null;
  return klass === null || COUNTER_KLASSES.has(klass);
}

/** Which ways the accepted documents may move the count. */
function countChangeOf(docs: ReadonlyArray<{ _id?: unknown; klass?: unknown; _deleted?: unknown }>): CountChange {
  const counted = docs.filter(touchesCount);
  return { adds: counted.some((doc) => doc._deleted !== true), removes: counted.some((doc) => doc._deleted === true) };
}

/**
 * The door's hook after accepted writes (beside services/groups.ts afterWrite), off the request
 * path: counting costs a view query, which doubled a single write's time when it was awaited
 * (docs/billing.md). One check runs at a time per group on this instance; writes meanwhile ask for
 * one more after it, with the ways they may move the count, so a burst makes at most two checks.
 * Failures are logged.
 */
export function freeLimitChecks(
  ctx: AppContext,
): (db: string, docs: ReadonlyArray<{ _id?: unknown; klass?: unknown; _deleted?: unknown }>) => void {
  // Group → the writes accepted while its check runs, for the next one (null: none).
  const running = new Map<string, CountChange | null>();
  async function run(db: string, first: CountChange): Promise<void> {
    for (let writes: CountChange | null = first; writes; writes = running.get(db) ?? null) {
      running.set(db, null);
      await checkFreeLimit(ctx, db, writes).catch((error: unknown) =>
        ctx.config.log(`billing: free limit of ${db}: ${(error as Error).message}`),
      );
    }
    running.delete(db);
  }
  return (db, docs) => {
    if (!isId(db, 'acc')) return;
    const writes = countChangeOf(docs);
    if (!writes.adds && !writes.removes) return;
    if (!running.has(db)) return void run(db, writes);
    const waiting = running.get(db);
    running.set(db, { adds: writes.adds || !!waiting?.adds, removes: writes.removes || !!waiting?.removes });
  };
}

/** Why a write to the group is refused now whatever it is (read-only), or null. */
export async function writeLockOf(ctx: AppContext, db: string, deleting = false): Promise<string | null> {
  if (!isId(db, 'acc')) return null;
  return groupWriteLock(await readSettings(ctx, db), ctx.now(), deleting);
}

const LIMIT_NOTICE_JOB = 'billing-limit-notice';
const PROVIDER_CANCEL_JOB = 'billing-provider-cancel';

/** The e-mails billing sends, and its calls to the provider, on the job queue. */
export function registerBillingJobs(jobs: JobQueue): void {
  jobs
    .register(LIMIT_NOTICE_JOB, async (ctx, { db }) => {
      const group = String(db);
      const [settings, security] = await Promise.all([readSettings(ctx, group), readSecurity(ctx, group)]);
      const limit = freeLimit(settings, ctx.now());
      // Paid or back under meanwhile: nothing to tell.
      if (!limit.over || !limit.deadline) return;
      const admins = (security?.admins?.roles ?? []).filter((r) => isId(r, 'usr'));
      for (const id of admins) {
        const user = await getUser(ctx, id);
        if (!user?.email) continue;
        await queueMail(ctx, {
          userId: user._id,
          to: user.email,
          template: 'freeLimit',
          url: `${ctx.config.publicUrl}/account/${group}/billing`,
          vars: { group: String(settings.name ?? ''), deadline: limit.deadline.slice(0, 10) },
        });
      }
    })
    .register(PROVIDER_CANCEL_JOB, async (ctx, { subscription_id, when }) => {
      // The provider's webhook then confirms the plan (applySubscriptionEvent).
      await ctx.config.billing?.provider.cancelSubscription(
        String(subscription_id),
        when === 'immediately' ? 'immediately' : 'next_billing_period',
      );
    });
}

// --- plan requests ------------------------------------------------------------------------------------

/**
 * `PUT /db/{acc}/_design/subscription/_update/{free|cancel}/{acc}` (spec 000 §7): an administrator
 * asks to switch to free or to cancel. The rules refuse it over the free limit or within 24 hours
 * of a change; otherwise `unconfirmed-plan` is written and the provider is asked to cancel the
 * subscription (now for free, at the period's end for cancel). Its webhook confirms the plan.
 */
export async function requestPlan(
  ctx: AppContext,
  db: string,
  id: string,
  request: PlanRequest,
  admin: boolean,
): Promise<{ ok: true; id: string; 'unconfirmed-plan': PlanRequest }> {
  if (!admin) throw forbidden();
  if (id !== db) throw unprocessable({ _id: [FIELD_MESSAGES.invalid] });
  const settings = await readSettings(ctx, db);
  const now = ctx.now();
  const records = request === 'free' ? await countRecords(ctx, db) : 0;
  const refusal = planRequestRefusal(settings, request, records, now);
  if (refusal) throw unprocessable(refusal);
  const subscription = settings.platform_subscription_id;
  const paying = planOf(settings) === 'pro' || planOf(settings) === 'corp';
  if (paying) requireBilling(ctx);
  await writeServerSettings(ctx, db, { 'unconfirmed-plan': request, 'plan-changed-at': now.toISOString() });
  if (paying && typeof subscription === 'string' && subscription)
    await ctx.jobs.enqueue(PROVIDER_CANCEL_JOB, {
      db,
      subscription_id: subscription,
      when: request === 'free' ? 'immediately' : 'next_billing_period',
    });
  return { ok: true, id: db, 'unconfirmed-plan': request };
}

// --- the provider's webhooks --------------------------------------------------------------------------

interface BillingState extends CouchDoc {
  klass: 'BillingState';
  last: { at: string; id: string } | null;
  settings: Record<string, string | boolean>;
}

const stateId = (db: string) => `billing:${db}`;

/** The parts of a Paddle subscription notification the plan depends on. */
interface PaddleSubscriptionJson {
  id?: unknown;
  status?: unknown;
  customer_id?: unknown;
  custom_data?: { account_id?: unknown } | null;
  items?: Array<{ price?: { id?: unknown } | null }>;
}

function subscriptionEvent(json: {
  event_id?: unknown;
  event_type?: unknown;
  occurred_at?: unknown;
  data?: PaddleSubscriptionJson;
}): SubscriptionEvent | null {
  const data = json.data ?? {};
  const accountId = data.custom_data?.account_id;
  if (
    typeof json.event_id !== 'string' ||
    typeof json.event_type !== 'string' ||
    !json.event_type.startsWith('subscription.') ||
    typeof json.occurred_at !== 'string' ||
    !isId(accountId, 'acc') ||
    typeof data.id !== 'string' ||
    typeof data.status !== 'string'
  )
    return null;
  const priceId = data.items?.[0]?.price?.id;
  return {
    id: json.event_id,
    type: json.event_type,
    occurredAt: json.occurred_at,
    accountId,
    status: data.status,
    subscriptionId: data.id,
    customerId: typeof data.customer_id === 'string' ? data.customer_id : '',
    priceId: typeof priceId === 'string' ? priceId : null,
  };
}

export type WebhookOutcome = 'applied' | 'replayed-or-older' | 'unknown-price' | 'ignored';

/**
 * A webhook as Paddle sends it: the raw body and its `Paddle-Signature` header, verified by the
 * SDK with the secret; a bad or missing signature is 400 and changes nothing.
 */
export async function receivePaddleWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const config = requireBilling(ctx);
  // The SDK finds Node's crypto through its runtime, which only `new Paddle()` sets up otherwise.
  NodeRuntime.initialize();
  const valid = signature
    ? await new Webhooks().isSignatureValid(rawBody, config.webhookSecret, signature).catch(() => false)
    : false;
  if (!valid) throw badRequest('Invalid webhook signature');
  let json: Parameters<typeof subscriptionEvent>[0];
  try {
    json = JSON.parse(rawBody) as typeof json;
  } catch {
    throw badRequest(MESSAGES.invalidJson);
  }
  const event = json !== null && typeof json === 'object' ? subscriptionEvent(json) : null;
  if (!event) return 'ignored';
  if (!(await ctx.store.databaseExists(event.accountId))) {
    ctx.config.log(`billing: ${event.type} ${event.id} names no group (${event.accountId})`);
    return 'ignored';
  }
  return applySubscriptionEvent(ctx, event);
}

/**
 * Applies one event at most once and never over a newer one: the group's billing state (in
 * `moneta-system`, written with its revision, so concurrent deliveries take turns) keeps the last
 * applied event, and the group's settings then follow that state.
 */
export async function applySubscriptionEvent(ctx: AppContext, event: SubscriptionEvent): Promise<WebhookOutcome> {
  const config = requireBilling(ctx);
  const prices = await storedPrices(ctx);
  const db = event.accountId;
  for (let attempt = 1; ; attempt++) {
    const state = await ctx.store.get<BillingState>(SYSTEM_DB, stateId(db));
    const outcome = subscriptionOutcome(event, state?.last ?? null, prices, config.livemode);
    if (!outcome.apply) {
      if (outcome.why === 'unknown-price')
        ctx.config.log(`billing: ${event.id} pays ${String(event.priceId)}, which is no configured price`);
      return outcome.why;
    }
    const next: BillingState = {
      _id: stateId(db),
      ...(state?._rev ? { _rev: state._rev } : {}),
      klass: 'BillingState',
      last: { at: event.occurredAt, id: event.id },
      settings: outcome.settings,
    };
    if (await ctx.store.putIfCurrent(SYSTEM_DB, next)) break;
    if (attempt >= 10) throw new Error(`billing: state of ${db} kept changing`);
  }
  await followState(ctx, db);
  return 'applied';
}

/** Memberships carry their group's plan (the switcher's icon): each, and each member's copy. */
async function copyPlanToMemberships(ctx: AppContext, db: string, plan: Plan): Promise<void> {
  for (const membership of await listMemberships(ctx, db)) {
    if (membership['confirmed-plan'] === plan) continue;
    const next = { ...membership, 'confirmed-plan': plan, updated_at: ctx.now().toISOString() };
    const saved = await ctx.store.putIfCurrent(db, next);
    // Changed meanwhile: its next write through the membership service reads the plan again.
    if (saved) await putMembershipCopy(ctx, saved);
  }
}

/** Brings the group's settings to its billing state, again if a newer event landed meanwhile. */
async function followState(ctx: AppContext, db: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const state = await ctx.store.get<BillingState>(SYSTEM_DB, stateId(db));
    if (!state) return;
    const settings = await readSettings(ctx, db);
    const plan = state.settings['confirmed-plan'];
    const changed = isPlan(plan) && plan !== planOf(settings);
    await writeServerSettings(ctx, db, {
      ...state.settings,
      ...(changed ? { 'plan-changed-at': ctx.now().toISOString(), 'unconfirmed-plan': '' } : {}),
    });
    if (changed) await copyPlanToMemberships(ctx, db, plan);
    const after = await ctx.store.get<BillingState>(SYSTEM_DB, stateId(db));
    if (after?._rev === state._rev) break;
  }
  // Back on free with more records than it allows: the notice and the 30 days start now.
  await checkFreeLimit(ctx, db);
}
