import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { useSyncStore } from '../../../data/sync-store.ts';
import { BillingPage } from './billing-page.tsx';

const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
const figures = { records: 1234, size: { bytes: 2_345_678, day: '2026-11-27' }, days: [], error: null };

function show(settings: Record<string, string>, admin = true) {
  return renderScreen(
    <BillingPage
      accountId={ACCOUNT}
      settings={settings}
      admin={admin}
      figures={figures}
      profile={<p>profile card</p>}
      now={NOW}
    />,
  );
}

describe('the billing screen', () => {
  it('shows the plan, the size in decimal units, the records against the free limit and the checkout', async () => {
    show({});
    expect(await screen.findByText('Free plan')).toBeTruthy();
    expect(screen.getByText('2.3 MB')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('1,234 of the free plan’s 1,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(`/checkout?group=${ACCOUNT}`);
    expect(screen.getByText('profile card')).toBeTruthy();
  });

  it('gives the deadline while over the free limit, then the spec’s sentence once read-only', async () => {
    const { unmount } = show({ 'free-limit-passed-at': daysAgo(3) });
    const notice = await screen.findByTestId('over-limit');
    expect(notice.textContent).toContain('Over the free plan’s limit');
    expect(notice.textContent).toContain('by Dec 24, 2026');
    unmount();
    show({ 'free-limit-passed-at': daysAgo(31) });
    expect((await screen.findByTestId('read-only')).textContent).toContain(
      'This Group passed the 1,000 records of the free plan more than 30 days ago and is read-only',
    );
    expect(screen.queryByTestId('over-limit')).toBeNull();
  });

  it('says a request waits for the provider and when the 24-hour lock ends; a member is told who pays', async () => {
    show(
      {
        'confirmed-plan': 'pro',
        'unconfirmed-plan': 'cancel',
        'plan-changed-at': new Date(NOW.getTime() - 3_600_000).toISOString(),
      },
      false,
    );
    expect(await screen.findByText('Pro plan')).toBeTruthy();
    expect(screen.getByText(/You asked to cancel the subscription/)).toBeTruthy();
    expect(screen.getByText(/the next change is possible from Nov 28, 2026/)).toBeTruthy();
    expect(screen.getByText('Only the Group’s administrators change its plan.')).toBeTruthy();
  });

  describe('the payment details of a paid group', () => {
    afterEach(() => vi.unstubAllGlobals());
    const paid = { 'confirmed-plan': 'pro', platform_subscription_id: 'sub_01' };

    it('asks the server for a link to change them, which arrives by e-mail', async () => {
      const fetch = vi.fn(
        async (_url: string, _init?: RequestInit) =>
          new Response(JSON.stringify({ ok: true, queued: true }), {
            status: 202,
            headers: { 'content-type': 'application/json' },
          }),
      );
      vi.stubGlobal('fetch', fetch);
      show(paid);
      fireEvent.click(await screen.findByRole('button', { name: 'Change payment details' }));
      expect(
        await screen.findByText(
          'A link to change the payment details is being prepared: it will arrive by e-mail in a few minutes.',
        ),
      ).toBeTruthy();
      expect(String(fetch.mock.calls[0]![0])).toBe(`/api/groups/${ACCOUNT}/payment-link`);
      expect(fetch.mock.calls[0]![1]?.method).toBe('POST');
    });

    it('waits for a connection: offline the button is disabled and nothing is asked', async () => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      useSyncStore.getState().setOnline(false);
      try {
        show(paid);
        const button = await screen.findByRole('button', { name: 'Change payment details' });
        expect(button.hasAttribute('disabled')).toBe(true);
        fireEvent.click(button);
        expect(fetch).not.toHaveBeenCalled();
      } finally {
        useSyncStore.getState().setOnline(true);
      }
    });

    it('is not offered without a subscription', async () => {
      show({});
      expect(await screen.findByText('Free plan')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Change payment details' })).toBeNull();
    });

    it('is not offered to a member who is not an administrator', async () => {
      show(paid, false);
      expect(await screen.findByText('Only the Group’s administrators change its plan.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Change payment details' })).toBeNull();
    });
  });
});
