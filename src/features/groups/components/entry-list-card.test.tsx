import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { listFew } from '../../../data/records.ts';
import { type AdjustmentDoc, parsePhoneEntries } from '../../../domain/group-settings.ts';
import { saveGroupSetting } from '../api/group-settings.ts';
import { EntryListCard } from './entry-list-card.tsx';
import { PHONES } from './entry-lists.ts';

async function storedPhones(accountId: string) {
  const [setting] = await listFew<AdjustmentDoc & { _id: string }>(accountId, 'Adjustment', { key: 'phones' });
  return parsePhoneEntries(typeof setting?.value === 'string' ? setting.value : undefined);
}

describe('a group’s phones', () => {
  it('deleting one marks it for deletion in the stored list and no longer shows it', async () => {
    const accountId = `acc-${crypto.randomUUID()}`;
    const office = { id: 'p1', main: true, description: 'Office', number: '1111' };
    const shop = { id: 'p2', main: false, description: 'Shop', number: '2222' };
    await saveGroupSetting(accountId, 'phones', JSON.stringify([office, shop]));
    const gone = { id: 'p0', main: false, marktodelete: true, description: 'Old', number: '0000' };
    const user = userEvent.setup();
    const view = renderScreen(
      <EntryListCard
        config={PHONES}
        accountId={accountId}
        entries={[gone, office, shop]}
        admin
        onSaved={() => Promise.resolve()}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Phones' });
    // One marked before is not shown.
    expect(within(list).queryByText('0000')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete phone 2222' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete phone' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => storedPhones(accountId)).toEqual([gone, office, { ...shop, marktodelete: true }]);
    view.unmount();
  });
});
