import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterTakeover } from './use-after-takeover.ts';

const drawn: string[] = [];

function Shown() {
  const value = useAfterTakeover(() => 'browser', 'ahead');
  drawn.push(value);
  return <p>{value}</p>;
}

const html = document.documentElement;

describe('useAfterTakeover', () => {
  afterEach(() => {
    html.removeAttribute('data-visitor');
    html.removeAttribute('data-running');
  });

  it('draws what the page rendered ahead holds while it is taken over, then the browser value', async () => {
    html.setAttribute('data-visitor', '');
    drawn.length = 0;
    render(<Shown />);
    expect(await screen.findByText('browser')).toBeTruthy();
    expect(drawn).toEqual(['ahead', 'browser']);
  });

  it('draws the browser value at once once the page has been taken over, or when nothing was rendered ahead', () => {
    html.setAttribute('data-visitor', '');
    html.setAttribute('data-running', '');
    drawn.length = 0;
    const { unmount } = render(<Shown />);
    expect(screen.getByText('browser')).toBeTruthy();
    expect(drawn).toEqual(['browser']);
    unmount();
    html.removeAttribute('data-visitor');
    render(<Shown />);
    expect(screen.getByText('browser')).toBeTruthy();
  });
});
