import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { queuedUploads } from '../../../data/device-files.ts';
import { listFew } from '../../../data/records.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { newId } from '../../../domain/ids.ts';
import { RecordPhotos } from './record-photos.tsx';

function groupEnv(): ResourceEnv {
  return { accountId: newId('Account'), userId: newId('User'), features: new Set(), members: [], settings: {} };
}

describe('a record’s photos', () => {
  it('offline, keeps photos on the device in the record’s folder, made with the first photo', async () => {
    const env = groupEnv();
    useSyncStore.getState().setOnline(false);
    const user = userEvent.setup();
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-17']} />, { path: '/' });
    const input = await waitFor(() => document.body.querySelector<HTMLInputElement>('input[type="file"]')!);
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    await user.upload(input, [
      new File(['plate'], 'plate.jpg', { type: 'image/jpeg' }),
      new File(['damage'], 'damage.jpg', { type: 'image/jpeg' }),
    ]);

    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(within(uploads).getAllByText('Waits on this device for a connection')).toHaveLength(2));
    const folders = await listFew<{ _id: string; name: string; dir_id?: string }>(env.accountId, 'CloudFile');
    const tickets = folders.find((f) => f.name === 'Tickets')!;
    const record = folders.find((f) => f.name === '3-17')!;
    expect(record.dir_id).toBe(tickets._id);
    expect(tickets.dir_id).toBeUndefined();
    const queued = await queuedUploads(env.accountId);
    expect(queued.map((q) => [q.meta.name, q.query.dir_id])).toEqual([
      ['plate.jpg', record._id],
      ['damage.jpg', record._id],
    ]);
    // A second photo goes into the same folder: none is made twice.
    await user.upload(input, [new File(['after'], 'after.jpg', { type: 'image/jpeg' })]);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(3));
    expect(await listFew(env.accountId, 'CloudFile')).toHaveLength(2);
  });
});
