import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { ApiError } from '../../../data/api-error.ts';
import type { PlanPrice } from '../../../domain/billing.ts';
import type { CheckoutData } from '../use-checkout-data.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { CheckoutPricePage } from './checkout-price-page.tsx';

const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const price = (plan: PlanPrice['group_plan'], amount: number, id: string, livemode = false): PlanPrice => ({
  _id: `ppr-${id}-${livemode}`,
  klass: 'PlanPrice',
  group_plan: plan,
  unit_amount: amount,
  currency: 'USD',
  platform_price_id: id,
  livemode,
  active: true,
});
const PRICES = [
  price('free', 0, 'free', false),
  price('free', 0, 'free', true),
  price('pro', 600, 'pri_pro'),
  price('corp', 1800, 'pri_corp'),
];
const data = (over: Partial<CheckoutData> = {}): CheckoutData => ({
  prices: PRICES,
  settings: { values: { name: 'Oficina' }, planRevision: '' },
  size: 12_500,
  error: null,
  reload: () => undefined,
  ...over,
});
const NOT_CONFIGURED = new ApiError(503, 'payments_not_configured', 'Payments are not configured on this server');

afterEach(() => vi.unstubAllGlobals());

describe('checkout of one price', () => {
  const page = (priceId: string, over: Partial<Parameters<typeof CheckoutPricePage>[0]> = {}) =>
    renderScreen(
      <CheckoutPricePage
        accountId={ACCOUNT}
        priceId={priceId}
        groupName="Oficina do Zé"
        admin
        online
        data={data()}
        now={NOW}
        {...over}
      />,
    );

  it('shows the group, size, plan and unit_amount / 100 in the price’s currency, and asks for a billing e-mail first', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    page('pri_pro');
    expect(await screen.findByText('Oficina do Zé')).toBeTruthy();
    expect(screen.getByText('12.5 kB')).toBeTruthy();
    expect(screen.getByText('Pro plan')).toBeTruthy();
    expect(screen.getByTestId('price').textContent).toBe('$6.00 per month');
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const field = screen.getByRole('textbox', { name: /Billing e-mail/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('is invalid')).toBeTruthy();
    // Refused before anything is sent.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says plainly that paying needs a connection offline, and that payments are not configured', async () => {
    const { unmount } = page('pri_pro', { online: false });
    expect((await screen.findByTestId('checkout-offline')).textContent).toContain('Paying needs a connection');
    unmount();
    page('pri_pro', { data: data({ prices: null, error: NOT_CONFIGURED }) });
    expect((await screen.findByTestId('payments-not-configured')).textContent).toBe(
      'Payments are not configured on this server',
    );
  });

  it('says the spec’s sentence for a price it cannot find', async () => {
    page('pri_gone');
    expect(await screen.findByText('We could not find any plan, please refresh the page')).toBeTruthy();
  });

  it('switches to free through its modal, and says so', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    page('free', { data: data({ settings: { values: { 'confirmed-plan': 'pro' }, planRevision: '' } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the free plan?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to free' }));
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toContain(
      'switches to the free plan',
    );
    expect(String(fetch.mock.calls[0]![0])).toBe(`/db/${ACCOUNT}/_design/subscription/_update/free/${ACCOUNT}`);
  });
});

describe('the standalone checkout', () => {
  /** The server as the page reads it: prices, the group's settings, its usage. */
  function serve(prices: PlanPrice[] | null, settings: Record<string, string>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
        if (url.startsWith('/db/prices/_find'))
          return prices ? json({ docs: prices }) : json({ error: 'payments_not_configured', reason: 'x' }, 503);
        if (url.endsWith('/_find'))
          return json({ docs: Object.entries(settings).map(([key, value], i) => ({ _id: `adj-${i}`, key, value })) });
        return json({ days: [] });
      }),
    );
  }
  const page = (groups = [{ id: ACCOUNT, name: 'Oficina' }]) =>
    renderScreen(<CheckoutPage groups={groups} initial={null} online now={NOW} />);

  it('lists the plans with their prices; cancel only on pro or corp with no cancel in progress', async () => {
    serve(PRICES, { 'confirmed-plan': 'pro' });
    const { unmount } = page();
    const table = await screen.findByRole('table', { name: 'Plans' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.getAttribute('data-plan')),
    ).toEqual([null, 'free', 'pro', 'corp']);
    expect(within(table).getByText('$18.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to free' })).toBeTruthy();
    unmount();
    serve(PRICES, { 'confirmed-plan': 'pro', 'unconfirmed-plan': 'cancel' });
    page();
    await screen.findByRole('table', { name: 'Plans' });
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('confirms the billing e-mail in a modal before paying', async () => {
    serve(PRICES, {});
    page();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Choose' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the billing e-mail' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('is invalid')).toBeTruthy();
  });

  it('shows the empty state under 3 plans, and picks among several groups', async () => {
    serve(PRICES.slice(0, 3), {});
    page([
      { id: ACCOUNT, name: 'Oficina' },
      { id: 'acc-00000000-0000-4000-8000-000000000001', name: 'Casa' },
    ]);
    expect(await screen.findByText('We could not find any plan, please refresh the page')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Group' })).toBeTruthy();
  });

  it('says payments are not configured', async () => {
    serve(null, {});
    page();
    expect((await screen.findByTestId('payments-not-configured')).textContent).toBe(
      'Payments are not configured on this server',
    );
  });
});
