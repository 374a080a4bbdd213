import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { FreeLimitNotice } from './free-limit-notice.tsx';

const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

describe('the free limit’s notice on the dashboard', () => {
  it('says nothing while the group is under the limit or paying', () => {
    const { container, unmount } = renderScreen(<FreeLimitNotice accountId={ACCOUNT} settings={{}} now={NOW} />);
    expect(container.textContent).toBe('');
    unmount();
    const paid = renderScreen(
      <FreeLimitNotice
        accountId={ACCOUNT}
        settings={{ 'confirmed-plan': 'pro', 'free-limit-passed-at': daysAgo(40) }}
        now={NOW}
      />,
    );
    expect(paid.container.textContent).toBe('');
  });

  it('gives the 30 days, the deadline and a link to the checkout once past 1,000 records', async () => {
    renderScreen(<FreeLimitNotice accountId={ACCOUNT} settings={{ 'free-limit-passed-at': daysAgo(3) }} now={NOW} />);
    const notice = await screen.findByTestId('free-limit-notice');
    expect(notice.textContent).toContain('more than 1,000 records');
    expect(notice.textContent).toContain('27 days left');
    expect(notice.textContent).toContain('Dec 24, 2026');
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(`/checkout?group=${ACCOUNT}`);
  });

  it('states plainly that the group is read-only past the deadline, and how to write again', async () => {
    renderScreen(<FreeLimitNotice accountId={ACCOUNT} settings={{ 'free-limit-passed-at': daysAgo(31) }} now={NOW} />);
    const notice = await screen.findByTestId('free-limit-notice');
    expect(notice.textContent).toContain('Read-only');
    expect(notice.textContent).toContain(
      'This Group passed the 1,000 records of the free plan more than 30 days ago and is read-only',
    );
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toBeTruthy();
  });
});
