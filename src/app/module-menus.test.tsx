// The Others menu's "groups" entry and the sub-groups screens (spec 000 §2, issue 32): shown only
// when the group has sub-groups, each linking to its sub-group; the Owner alone gets the form.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeGroup, openGroup } from '../../test/support/group-store.ts';
import { renderScreen } from '../../test/support/render-screen.tsx';
import { SubGroupsPage, SubGroupsTile } from '../features/groups/components/sub-groups.tsx';
import { OthersMenu } from './module-menus.tsx';

const PARENT = 'acc-5e2b1c9d-7f3a-4e6b-9c8d-1a2b3c4d5e6f';
const SUB = 'acc-6f3c2d0e-8a4b-4f7c-8d9e-2b3c4d5e6f70';
const LIST = JSON.stringify([{ id: SUB, name: 'Filial Norte' }]);

function showParent(settings: Record<string, string>) {
  openGroup(PARENT, { name: 'Matriz', ...settings }, { admin: true });
}

beforeEach(() => {
  // The navigation asks the server which module a host opens; nothing here depends on it.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  closeGroup();
});

async function othersEntries(): Promise<string[]> {
  renderScreen(<OthersMenu />);
  fireEvent.click(await screen.findByRole('button', { name: 'Others' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
}

describe('the Others menu', () => {
  it('has no "Groups" entry when the group has no sub-groups', async () => {
    showParent({});
    expect(await othersEntries()).not.toContain('Groups');
  });

  it('lists "Groups" after the memberships when it has some, linking to their page', async () => {
    showParent({ 'sub-groups': LIST, 'confirmed-plan': 'corp' });
    const entries = await othersEntries();
    expect(entries.slice(entries.indexOf('Memberships'), entries.indexOf('Memberships') + 3)).toEqual([
      'Memberships',
      'Groups',
      'Billing',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Groups' }).getAttribute('href')).toBe(`/account/${PARENT}/groups`);
  });
});

describe('the sub-groups tile and page', () => {
  it('shows the tile only when there are sub-groups', () => {
    const { container, unmount } = renderScreen(<SubGroupsTile accountId={PARENT} subGroups={[]} />);
    expect(container.querySelector('[data-tile="sub-groups"]')).toBeNull();
    unmount();
    renderScreen(<SubGroupsTile accountId={PARENT} subGroups={[{ id: SUB, name: 'Filial Norte' }]} />);
    expect(screen.getByRole('link', { name: /Sub-groups/ }).getAttribute('href')).toBe(`/account/${PARENT}/groups`);
  });

  it('links each sub-group, and offers the form to the Owner only', () => {
    const subGroups = [{ id: SUB, name: 'Filial Norte' }];
    const { unmount } = renderScreen(<SubGroupsPage accountId={PARENT} subGroups={subGroups} refusal={null} />);
    expect(screen.getByRole('link', { name: 'Filial Norte' }).getAttribute('href')).toBe(`/account/${SUB}`);
    expect(screen.getByRole('button', { name: 'Create sub-group' })).toBeTruthy();
    unmount();
    renderScreen(<SubGroupsPage accountId={PARENT} subGroups={subGroups} refusal="not the Owner" />);
    expect(screen.queryByRole('button', { name: 'Create sub-group' })).toBeNull();
    expect(screen.getByText('Only the Owner of this Corporate Group creates its sub-groups.')).toBeTruthy();
  });

  it('sends the name to the parent’s sub-groups call and shows the new one at once', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ok: true, id: SUB, name: 'Filial Sul', parent: PARENT }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderScreen(<SubGroupsPage accountId={PARENT} subGroups={[]} refusal={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Filial Sul' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create sub-group' }));
    expect((await screen.findByRole('link', { name: 'Filial Sul' })).getAttribute('href')).toBe(`/account/${SUB}`);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/groups/${PARENT}/subgroups`);
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Filial Sul' });
  });
});
