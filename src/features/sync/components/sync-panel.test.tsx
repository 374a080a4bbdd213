import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import ptBR from '../../../../locales/pt-BR/translation.json';
import { answerRequests, json } from '../../../../test/support/network.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { localDb } from '../../../data/databases.ts';
import { markRefused, pendingIds, syncCounts } from '../../../data/pending-writes.ts';
import { getRecord, saveRecord } from '../../../data/records.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { unsentChanges } from '../../../data/unsent.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../../domain/errors.ts';
import { newId } from '../../../domain/ids.ts';
import { SyncPanel } from './sync-panel.tsx';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

/**
 * A group's replica with three changes made here, two of which the server refused on the last
 * push: recorded as sync records a push's refusals (src/data/sync.ts, noteRefused).
 */
async function groupWithRefusals() {
  const name = newId('Account');
  const blank = newId('Customer');
  const denied = newId('Customer');
  const fine = newId('Customer');
  await saveRecord(name, { _id: blank, klass: 'Customer', name: '' });
  await saveRecord(name, { _id: denied, klass: 'Customer', name: 'Grace Hopper' });
  await saveRecord(name, { _id: fine, klass: 'Customer', name: 'Linus' });
  const db = localDb(name);
  await markRefused(
    db,
    [
      { id: blank, status: 422, reason: { name: [FIELD_MESSAGES.blank] } },
      { id: denied, status: 403, reason: MESSAGES.permissionDenied },
    ],
    new Date(),
  );
  useSyncStore.getState().update(name, await syncCounts(db));
  return { name, blank, denied, fine };
}

function refusedList() {
  return screen.findByRole('list', { name: 'Changes refused by the server' });
}

describe('SyncPanel', () => {
  it('lists each refused change with the server’s reason, and only those', async () => {
    const { name, fine } = await groupWithRefusals();
    renderScreen(<SyncPanel open onClose={() => undefined} lines={['Online']} />);

    const items = within(await refusedList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Unnamed, so shown by its id; the field by its name on the form.
      expect.stringMatching(/^Customer: cus-[0-9a-f-]+Name: can't be blank/),
      'Customer: Grace HopperPermission deniedDiscard this change',
    ]);
    expect(screen.getByText(/2 changes were refused by the server/)).toBeTruthy();
    // The third change is not refused: it stays on its way to the server.
    expect(screen.queryByText('Linus')).toBeNull();
    expect(await pendingIds(localDb(name))).toEqual([fine]);
  });

  it('says the reason in the person’s language', async () => {
    i18next.addResourceBundle('pt-BR', 'translation', ptBR);
    await i18next.changeLanguage('pt-BR');
    await groupWithRefusals();
    renderScreen(<SyncPanel open onClose={() => undefined} lines={['Online']} />);

    const list = await screen.findByRole('list', { name: 'Alterações recusadas pelo servidor' });
    expect(within(list).getByText('Nome: não pode ficar em branco')).toBeTruthy();
    expect(within(list).getByText('Permissão negada')).toBeTruthy();
  });

  it('discards one refused change: the record goes back to the server’s, the others are untouched', async () => {
    const { name, blank, denied, fine } = await groupWithRefusals();
    const serverCopy = { _id: denied, _rev: '1-5e1f', klass: 'Customer', name: 'Grace' };
    const requests = answerRequests(({ method, url }) =>
      method === 'GET' && url.pathname === `/db/${name}/${denied}`
        ? json(serverCopy)
        : json({ error: 'not_found', reason: 'missing' }, 404),
    );
    const user = userEvent.setup();
    renderScreen(<SyncPanel open onClose={() => undefined} lines={['Online']} />);

    const item = within(await refusedList())
      .getByText('Grace Hopper')
      .closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Discard this change' }));

    expect(await screen.findByText(/^1 change was refused by the server/)).toBeTruthy();
    expect(within(await refusedList()).queryByText('Grace Hopper')).toBeNull();
    expect(requests.map(({ method, url }) => `${method} ${url.pathname}`)).toContain(`GET /db/${name}/${denied}`);
    // The server's version, as a new revision here, which the next push sends.
    expect(await getRecord(name, denied)).toMatchObject({ name: 'Grace' });
    expect((await pendingIds(localDb(name))).sort()).toEqual([denied, fine].sort());
    // The other refusal waits for the person, as it did.
    expect((await unsentChanges(name)).filter((c) => c.refusal).map((c) => c.id)).toEqual([blank]);
  });

  it('offline, says discarding needs a connection and offers no discard', async () => {
    await groupWithRefusals();
    useSyncStore.getState().setOnline(false);
    renderScreen(<SyncPanel open onClose={() => undefined} lines={['Offline']} />);
    const buttons = within(await refusedList()).getAllByRole('button', { name: 'Discard this change' });
    expect(buttons.map((button) => button.hasAttribute('disabled'))).toEqual([true, true]);
    expect(screen.getByText(/Connect to the internet to discard a change/)).toBeTruthy();
  });
});
