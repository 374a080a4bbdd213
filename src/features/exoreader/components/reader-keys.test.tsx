import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { KeyboardHelp, useReaderKeys } from './reader-keys.tsx';

type Action = 'next' | 'previous' | 'open' | 'read' | 'star' | 'help';
const ACTIONS: readonly Action[] = ['next', 'previous', 'open', 'read', 'star', 'help'];

/** The reader's use of the keys, reduced to a log of which action ran on which card. */
function Keys({ card, log }: { card: string; log: string[] }) {
  const handlers = Object.fromEntries(
    ACTIONS.map((action) => [action, () => void log.push(`${action} ${card}`)]),
  ) as Record<Action, () => void>;
  useReaderKeys(handlers);
  return (
    <>
      <input aria-label="Search" />
      <textarea aria-label="Note" />
      <button type="button">Mark all read</button>
    </>
  );
}

describe('useReaderKeys', () => {
  it('runs the action of each reader key', async () => {
    const user = userEvent.setup();
    const log: string[] = [];
    render(<Keys card="a" log={log} />);
    await user.keyboard('jkoms?');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(log).toEqual([
      'next a',
      'previous a',
      'open a',
      'read a',
      'star a',
      'help a',
      'next a',
      'previous a',
      'open a',
    ]);
  });

  it('leaves keys alone while the person types, and with a modifier held', async () => {
    const user = userEvent.setup();
    const log: string[] = [];
    render(<Keys card="a" log={log} />);
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('jkoms');
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('jk{Enter}');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'jkoms');

    await user.click(document.body);
    await user.keyboard('{Control>}j{/Control}{Meta>}k{/Meta}{Alt>}s{/Alt}');
    // Enter on a button already presses it: the reader must not also open the item.
    screen.getByRole('button', { name: 'Mark all read' }).focus();
    await user.keyboard('{Enter}');
    expect(log).toEqual([]);

    // The same keys do act once nothing holds them: the checks above are not vacuous.
    await user.click(document.body);
    await user.keyboard('m');
    expect(log).toEqual(['read a']);
  });

  it('gives a key pressed right after a render to that render’s handlers', async () => {
    const log: string[] = [];
    /**
     * The card changes and a key comes in before the browser paints, as when a person holds j:
     * the press is sent from a layout effect of a later sibling, which runs in the same commit
     * as the hook's but before any passive effect.
     */
    function PressAfterRender({ card }: { card: string }) {
      useLayoutEffect(() => {
        if (card !== 'a') document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true }));
      }, [card]);
      return null;
    }
    function Reader() {
      const [card, setCard] = useState('a');
      return (
        <>
          <Keys card={card} log={log} />
          <PressAfterRender card={card} />
          <button type="button" onClick={() => setCard('b')}>
            Focus b
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Reader />);
    await user.click(screen.getByRole('button', { name: 'Focus b' }));
    expect(log).toEqual(['star b']);
  });
});

describe('KeyboardHelp', () => {
  it('lists every key with its action in the person’s language, and keeps keys from the reader', async () => {
    const user = userEvent.setup();
    const log: string[] = [];
    render(
      <>
        <Keys card="a" log={log} />
        <KeyboardHelp open onClose={() => undefined} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'j or ↓Next item',
      'k or ↑Previous item',
      'o or EnterOpen or close the item',
      'mMark read or unread',
      'sStar or unstar',
      '?This help',
    ]);
    // The focus is in the dialog: j is the dialog's, not the list's behind it.
    await user.keyboard('j');
    expect(log).toEqual([]);
  });
});
