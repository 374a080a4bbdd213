import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSyncStore } from '../../../data/sync-store.ts';
import { OpenTicketsBadge } from './open-tickets-badge.tsx';

// A group whose copy holds no ticket view: the badge counts 0 (spec 000 §8).
const DB = 'acc-0b6f2c1e-8d4a-4b7e-9c3f-2a5d7e1f4c60';

const setFilling = (filling: boolean) => act(() => useSyncStore.getState().update(DB, { filling }));

function badge(drawn: { count: number }) {
  return (
    <MemoryRouter>
      <Profiler id="badge" onRender={() => drawn.count++}>
        <OpenTicketsBadge accountId={DB} />
      </Profiler>
    </MemoryRouter>
  );
}

describe('the open-ticket badge while the copy is first filled', () => {
  it('counts once the fill ends, drawn only with the count', async () => {
    setFilling(true);
    const drawn = { count: 0 };
    render(badge(drawn));
    const before = drawn.count;
    setFilling(false);
    expect(drawn.count).toBe(before);
    const shown = await screen.findByTestId('open-tickets-badge');
    expect(shown.getAttribute('data-count')).toBe('0');
  });

  it('is hidden when a fill starts again, and counted again when it ends', async () => {
    render(badge({ count: 0 }));
    await screen.findByTestId('open-tickets-badge');
    setFilling(true);
    expect(screen.queryByTestId('open-tickets-badge')).toBeNull();
    setFilling(false);
    expect(await screen.findByTestId('open-tickets-badge')).toBeTruthy();
  });
});
