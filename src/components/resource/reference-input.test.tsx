import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { groupReplica } from '../../../test/support/group-replica.ts';
import { renderScreen } from '../../../test/support/render-screen.tsx';
import { writeRecord } from '../../data/resource-writes.ts';
import { newId } from '../../domain/ids.ts';
import { resourceSpec } from '../../domain/records/index.ts';
import { ReferenceInput } from './reference-input.tsx';

/** A group with three wallets, written as the wallet form writes them. */
async function groupWithWallets() {
  const dbName = await groupReplica();
  const userId = newId('User');
  const wallets = resourceSpec('wallets')!;
  const ids: Record<string, string> = {};
  for (const name of ['Cash box', 'Bank of Brazil', 'Savings at the bank']) {
    const wallet = { _id: newId('Wallet'), klass: 'Wallet', name, currency: 'BRL', start_balance: 0 };
    ids[name] = (await writeRecord(dbName, wallets, wallet, { userId }))._id;
  }
  return { dbName, ids };
}

/** An expense's wallet picker, holding its value as the form does. */
function WalletPicker({ dbName }: { dbName: string }) {
  const field = resourceSpec('outgos')!.fields.find((f) => f.name === 'wallet_id')!;
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <ReferenceInput dbName={dbName} field={field} label="Wallet" value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('ReferenceInput', () => {
  it('offers the records whose names hold the typed words, and picks one by its id', async () => {
    const { dbName, ids } = await groupWithWallets();
    const user = userEvent.setup();
    renderScreen(<WalletPicker dbName={dbName} />);

    const input = screen.getByRole('combobox', { name: 'Wallet' });
    await user.type(input, 'bank');
    const names = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    // The choices come from the replica a moment after the typing stops.
    await waitFor(() => expect(names().sort()).toEqual(['Bank of Brazil', 'Savings at the bank']));

    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bank of Brazil' }));
    expect(screen.getByRole('status').textContent).toBe(ids['Bank of Brazil']);
    expect(input).toHaveProperty('value', 'Bank of Brazil');
  });

  it('shows no earlier answer while the words typed last are read: no line moves under the finger', async () => {
    const { dbName, ids } = await groupWithWallets();
    const user = userEvent.setup();
    renderScreen(<WalletPicker dbName={dbName} />);

    const input = screen.getByRole('combobox', { name: 'Wallet' });
    await user.click(input);
    const names = () => screen.queryAllByRole('option').map((option) => option.textContent);
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.type(input, 'sav');
    // The three wallets read for no words are not offered for "sav" meanwhile.
    expect(names()).toEqual([]);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Savings at the bank']));
    await user.click(screen.getByRole('option', { name: 'Savings at the bank' }));
    expect(screen.getByRole('status').textContent).toBe(ids['Savings at the bank']);
  });
});
