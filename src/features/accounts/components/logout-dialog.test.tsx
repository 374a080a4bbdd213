import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, answerRequests } from '../../../../test/support/network.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { localDb } from '../../../data/databases.ts';
import { registeredReplicas } from '../../../data/replica-registry.ts';
import { saveRecord } from '../../../data/records.ts';
import { unsentCounts } from '../../../data/unsent.ts';
import { LogoutDialog } from './logout-dialog.tsx';

/** A replica of its own per test: what one test writes never counts in another. */
function replicaName(): string {
  return `g-${crypto.randomUUID()}`;
}

/** The server takes the sign-out; the requests it got are returned. */
function serverSignsOut() {
  return answerRequests(({ method, url }) =>
    method === 'DELETE' && url.pathname === '/db/_session' ? json({ ok: true }) : json({ error: 'not_found' }, 404),
  );
}

describe('LogoutDialog', () => {
  it('with changes not sent, says how many and keeps them unless the person chooses otherwise', async () => {
    const name = replicaName();
    await saveRecord(name, { _id: 'customer-1', klass: 'customer', name: 'Ada' });
    await saveRecord(name, { _id: 'customer-2', klass: 'customer', name: 'Grace' });
    const requests = serverSignsOut();
    const user = userEvent.setup();
    renderScreen(<LogoutDialog open onClose={() => undefined} />);

    expect(await screen.findByText('2 changes made on this device have not reached the server yet.')).toBeTruthy();
    const keep = screen.getByRole('radio', { name: 'Keep them on this device: they are sent at the next sign-in' });
    const remove = screen.getByRole('radio', { name: 'Delete them with everything else on this device' });
    expect(keep).toHaveProperty('checked', true);
    expect(remove).toHaveProperty('checked', false);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Now at /user/login')).toBeTruthy();
    expect(requests.map(({ method, url }) => `${method} ${url.pathname}`)).toEqual(['DELETE /db/_session']);
    // Signed out with the work still on the device, waiting for the next sign-in.
    expect(registeredReplicas()).toEqual([name]);
    expect(await unsentCounts()).toEqual([{ name, count: 2 }]);
  });

  it('with nothing unsent, removes the device’s data unless the person keeps it', async () => {
    const name = replicaName();
    // A copy of the group's records, all of them on the server already (none pending).
    await localDb(name).put({ _id: 'customer-1', klass: 'customer', name: 'Ada' });
    serverSignsOut();
    const user = userEvent.setup();
    renderScreen(<LogoutDialog open onClose={() => undefined} />);

    const keep = await screen.findByRole('checkbox', {
      name: 'This is my own device: keep my data for offline use',
    });
    expect(keep).toHaveProperty('checked', false);
    expect(screen.queryByText(/not reached the server/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Now at /user/login')).toBeTruthy();
    expect(registeredReplicas()).toEqual([]);
    // Opened again, the replica is empty: its records went with the sign-out.
    expect((await localDb(name).info()).doc_count).toBe(0);
  });

  it('when the session ended, asks to sign in again to send the changes', async () => {
    const name = replicaName();
    await saveRecord(name, { _id: 'customer-1', klass: 'customer', name: 'Ada' });
    renderScreen(<LogoutDialog open sessionEnded onClose={() => undefined} />);

    expect(
      await screen.findByText('1 change made on this device has not reached the server yet. Sign in again to send it.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    // Nothing can be sent without a session.
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});
