import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { useSyncStore } from '../../../data/sync-store.ts';
import { ExportCard } from './export-card.tsx';

const ACCOUNT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';
afterEach(() => {
  vi.unstubAllGlobals();
  useSyncStore.getState().setOnline(true);
});

describe('the admin dashboard’s export card', () => {
  it('offers administrators every record as JSON and each CSV the server lists', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            json: `/api/groups/${ACCOUNT}/export.json`,
            csv: [{ name: 'finance', href: `/api/groups/${ACCOUNT}/export/finance.csv` }],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    renderScreen(<ExportCard accountId={ACCOUNT} admin />);
    const json = await screen.findByRole('link', { name: 'All records (JSON)' });
    expect(json.getAttribute('href')).toBe(`/api/groups/${ACCOUNT}/export.json`);
    expect(json.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Finance records (CSV)' }).getAttribute('href')).toBe(
      `/api/groups/${ACCOUNT}/export/finance.csv`,
    );
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/groups/${ACCOUNT}/export`);
  });

  it('tells a member who is not an administrator who may export, and asks the server nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderScreen(<ExportCard accountId={ACCOUNT} admin={false} />);
    expect(await screen.findByText('Only the Group’s administrators export its data.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says plainly that exporting needs a connection while offline, and lists the files once back online', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ json: `/api/groups/${ACCOUNT}/export.json`, csv: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    useSyncStore.getState().setOnline(false);
    renderScreen(<ExportCard accountId={ACCOUNT} admin />);
    expect(
      await screen.findByText(
        'Exporting needs a connection, and this device is offline. Nothing is lost: it is here once you are online.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    act(() => useSyncStore.getState().setOnline(true));
    expect(await screen.findByRole('link', { name: 'All records (JSON)' })).toBeTruthy();
  });
});
