import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupEnv } from '../../../test/support/group-env.ts';
import { renderScreen } from '../../../test/support/render-screen.tsx';
import { localDb } from '../../data/databases.ts';
import { getRecord } from '../../data/records.ts';
import { resourceSpec } from '../../domain/records/index.ts';
import { ResourceFormPage } from './resource-form-page.tsx';
import type { ResourceEnv } from './resource-env.ts';

function renderForm(resource: string, env: ResourceEnv) {
  const spec = resourceSpec(resource)!;
  renderScreen(<ResourceFormPage spec={spec} env={env} />, { path: `/account/${env.accountId}/${resource}/new` });
}

/** The text under an input (its helper text), as assistive technology reads it with the input. */
function textUnder(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The id of the record saved, read from the address the form went to (its page). */
async function savedId(env: ResourceEnv, resource: string): Promise<string> {
  const landed = await screen.findByText(new RegExp(`^Now at /account/${env.accountId}/${resource}/`));
  return landed.textContent!.split('/').at(-1)!;
}

async function recordCount(env: ResourceEnv): Promise<number> {
  const { rows } = await localDb(env.accountId).allDocs();
  return rows.length;
}

describe('ResourceFormPage', () => {
  it('writes text, date and choice fields to the replica as the record’s values', async () => {
    const env = groupEnv();
    const user = userEvent.setup();
    renderForm('customers', env);

    expect(await screen.findByRole('heading', { name: 'New customer' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Ada Lovelace ');
    await user.type(screen.getByLabelText('Date of birth'), '1815-12-10');
    await user.click(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const id = await savedId(env, 'customers');
    expect(await getRecord(env.accountId, id)).toMatchObject({
      klass: 'Customer',
      name: 'Ada Lovelace',
      born_at: '1815-12-10',
      gender: 'female',
      created_by: env.userId,
    });
  });

  it('says why a money value is refused under its field, writes nothing, and saves it once fixed', async () => {
    const env = groupEnv({ currency: 'EUR' });
    const user = userEvent.setup();
    renderForm('wallets', env);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Cash box');
    const balance = screen.getByRole('textbox', { name: 'Start balance' });
    await user.clear(balance);
    await user.type(balance, '1.2.3');
    // Said while typing, before any save.
    expect(textUnder(balance)).toBe('Type an amount, like 1234.50');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please check the fields marked below')).toBeTruthy();
    // The rules' own reason, in the person's language, under the field it is about.
    expect(textUnder(balance)).toBe('is not a number');
    expect(balance.getAttribute('aria-invalid')).toBe('true');
    expect(textUnder(screen.getByRole('textbox', { name: 'Name' }))).toBe('');
    expect(await recordCount(env)).toBe(0);

    await user.clear(balance);
    await user.type(balance, '1,234.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const id = await savedId(env, 'wallets');
    // Exact minor units, in the currency the group's setting gave the new wallet.
    expect(await getRecord(env.accountId, id)).toMatchObject({
      klass: 'Wallet',
      name: 'Cash box',
      currency: 'EUR',
      start_balance: 123450,
    });
  });
});
