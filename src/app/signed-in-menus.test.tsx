// The toolbar's group menus are drawn on wide screens only: on a phone the drawer holds them, and
// menus hidden by CSS were still drawn again each time the group or the sync state changed.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeGroup, openGroup } from '../../test/support/group-store.ts';
import { renderScreen } from '../../test/support/render-screen.tsx';
import { SignedInMenus } from './signed-in-shell.tsx';

const GROUP = 'acc-7a1d2e3f-4b5c-4d6e-8f90-1a2b3c4d5e6f';

function setWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height: 800 },
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
  );
  openGroup(GROUP, { name: 'Oficina' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1024);
  closeGroup();
});

describe('the toolbar’s group menus', () => {
  it('are drawn on a wide screen', async () => {
    setWidth(1280);
    renderScreen(<SignedInMenus />);
    expect(await screen.findByRole('button', { name: /Oficina/ })).toBeTruthy();
  });

  it('are not drawn on a phone', async () => {
    setWidth(390);
    const { container } = renderScreen(<SignedInMenus />);
    // The page is drawn (the router's route), with no menu button in it.
    await act(async () => undefined);
    expect(container.querySelector('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Oficina/ })).toBeNull();
  });
});
