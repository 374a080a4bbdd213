import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { AdminNoopPage } from './admin-noop-page.tsx';

describe('the adminnoop placeholder (reports and backups)', () => {
  it('opens to an administrator and to a member with report_view', async () => {
    const { unmount } = renderScreen(<AdminNoopPage flags={{ admin: true, report_view: false }} />);
    expect(await screen.findByRole('heading', { name: 'Reports and backups' })).toBeTruthy();
    unmount();
    renderScreen(<AdminNoopPage flags={{ admin: false, report_view: true }} />);
    expect(await screen.findByRole('heading', { name: 'Reports and backups' })).toBeTruthy();
  });

  it('is forbidden to a member without report_view', async () => {
    renderScreen(<AdminNoopPage flags={{ admin: false, report_view: false }} />);
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reports and backups' })).toBeNull();
  });
});
