import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { NewMembershipPage } from './membership-form-page.tsx';

const NOTICE = 'Free Groups have one Administrator. Pro and Corporate Groups can have more.';
const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';

describe('inviting a member', () => {
  it('in a free group, says before anyone tries that it has one administrator, and does not offer a second', async () => {
    renderScreen(<NewMembershipPage accountId={ACCOUNT} confirmed plan="free" />);
    const admin = await screen.findByRole('checkbox', { name: 'Administrator' });
    expect(admin).toHaveProperty('disabled', true);
    expect(admin.getAttribute('aria-describedby')).toBe('one-admin-notice');
    expect(document.getElementById('one-admin-notice')?.textContent).toBe(NOTICE);
    expect(screen.getByRole('checkbox', { name: 'Editor' })).toHaveProperty('disabled', false);
  });

  it('in a Pro group, offers the administrator flag without the notice', async () => {
    renderScreen(<NewMembershipPage accountId={ACCOUNT} confirmed plan="pro" />);
    expect(await screen.findByRole('checkbox', { name: 'Administrator' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
