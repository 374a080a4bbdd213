import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { openedOnDemand } from './on-demand.tsx';

function Panel({ open, label }: { open: boolean; label: string }) {
  return <p data-open={open}>{label}</p>;
}

describe('openedOnDemand', () => {
  it('loads nothing until first opened, then keeps the part mounted while it closes', async () => {
    let loads = 0;
    const OnDemand = openedOnDemand<{ open: boolean; label: string }>(async () => {
      loads += 1;
      return Panel;
    });
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>toggle</button>
          <OnDemand open={open} label="the panel" />
        </>
      );
    }
    render(<Host />);
    expect(loads).toBe(0);
    expect(screen.queryByText('the panel')).toBeNull();

    await act(async () => fireEvent.click(screen.getByText('toggle')));
    expect((await screen.findByText('the panel')).dataset.open).toBe('true');
    expect(loads).toBe(1);

    // Closed: still there, told it is closed (a dialog plays its closing transition).
    await act(async () => fireEvent.click(screen.getByText('toggle')));
    expect(screen.getByText('the panel').dataset.open).toBe('false');
    await act(async () => fireEvent.click(screen.getByText('toggle')));
    expect(screen.getByText('the panel').dataset.open).toBe('true');
    expect(loads).toBe(1);
  });

  it('draws at once what is open from the start', async () => {
    const OnDemand = openedOnDemand<{ open: boolean; label: string }>(async () => Panel);
    render(<OnDemand open label="open at once" />);
    expect((await screen.findByText('open at once')).dataset.open).toBe('true');
  });
});
