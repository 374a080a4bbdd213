import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { BillingTiles } from './billing-tiles.tsx';

const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';

describe('the admin dashboard’s billing and usage tiles', () => {
  it('shows the plan on the billing tile and the records on the usage tile, each linking to its page', async () => {
    renderScreen(<BillingTiles accountId={ACCOUNT} settings={{ 'confirmed-plan': 'pro' }} records={1234} />);
    const billing = await screen.findByRole('link', { name: /Billing/ });
    expect(billing.getAttribute('href')).toBe(`/account/${ACCOUNT}/billing`);
    expect(billing.textContent).toContain('Pro plan');
    const usage = screen.getByRole('link', { name: /Usage/ });
    expect(usage.getAttribute('href')).toBe(`/account/${ACCOUNT}/usage`);
    expect(usage.textContent).toContain('1,234');
  });

  it('marks a free group past its limit on the billing tile', async () => {
    renderScreen(
      <BillingTiles
        accountId={ACCOUNT}
        settings={{ 'free-limit-passed-at': '2026-11-20T00:00:00.000Z' }}
        records={1001}
        now={new Date('2026-11-27T00:00:00.000Z')}
      />,
    );
    expect((await screen.findByRole('link', { name: /Billing/ })).textContent).toContain(
      '23 days left to switch plans',
    );
  });
});
