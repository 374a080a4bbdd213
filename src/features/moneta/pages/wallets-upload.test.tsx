import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupReplica } from '../../../../test/support/group-replica.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { writeRecord } from '../../../data/resource-writes.ts';
import { newId } from '../../../domain/ids.ts';
import { parseStatement } from '../../../domain/modules/moneta/statement-file.ts';
import { resourceSpec } from '../../../domain/records/index.ts';
import WalletsUploadPage from './wallets-upload.tsx';

/**
 * happy-dom runs no Web Worker: this one does on the page's thread what statement.worker.ts does
 * off it (parseStatement, answered in the same envelope), a moment later as a worker would.
 */
class InThreadWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  postMessage(bytes: ArrayBuffer) {
    setTimeout(() => {
      try {
        this.onmessage?.({ data: { ok: true, table: parseStatement(new Uint8Array(bytes)) } });
      } catch (error) {
        this.onmessage?.({ data: { ok: false, message: String(error) } });
      }
    });
  }
  terminate() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Headers no bank uses: nothing is guessed, the person says what each column means.
const STATEMENT = ['When,What,Ref,How much', '2026-11-02,Coffee,A1,-3.50', '2026-11-03,Salary,A2,"1,200.00"'].join(
  '\n',
);

async function groupWithWallet(): Promise<ResourceEnv> {
  const env = {
    accountId: await groupReplica(),
    userId: newId('User'),
    features: new Set<string>(),
    members: [],
    settings: {},
  };
  const wallet = { _id: newId('Wallet'), klass: 'Wallet', name: 'Checking', currency: 'USD', start_balance: 0 };
  await writeRecord(env.accountId, resourceSpec('wallets')!, wallet, { userId: env.userId });
  return env;
}

describe('WalletsUploadPage', () => {
  it('previews nothing until the columns are chosen, then the lines with the chosen description and amount', async () => {
    vi.stubGlobal('Worker', InThreadWorker);
    const env = await groupWithWallet();
    const user = userEvent.setup();
    const { container } = renderScreen(<WalletsUploadPage env={env} recordId="" params={{}} />);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Choose a CSV file' })).toHaveProperty('disabled', false),
    );
    const file = new File([STATEMENT], 'statement.csv', { type: 'text/csv' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, file);

    expect(
      await screen.findByText(
        'Match at least 3 columns: the date, the description and an amount (signed, or debit and credit).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();

    const choose = async (column: string, meaning: string) => {
      await user.click(screen.getByRole('combobox', { name: column }));
      await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: meaning }));
    };
    await choose('When', 'Date');
    await choose('What', 'Description');
    await choose('How much', 'Amount (signed)');

    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(screen.queryByText(/Match at least 3 columns/)).toBeNull();
    // Each line as the kind of record it becomes and its text: description first, amount last
    // (the date's and categories' cells vary with the screen's width).
    const rows = screen
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-preview-row'))
      .map((row) => [row.getAttribute('data-preview-row'), row.textContent]);
    expect(rows).toEqual([
      ['Outgo', expect.stringMatching(/Coffee.*− \$3\.50$/)],
      ['Income', expect.stringMatching(/Salary.*\$1,200\.00$/)],
    ]);
    // The column left as it was is not read as anything.
    expect(rows.join(' ')).not.toMatch(/A1|A2/);
  });
});
