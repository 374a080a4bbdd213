import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { localDb } from '../../../data/databases.ts';
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

  it('makes the record’s folder once when two photos are taken at the same moment', async () => {
    const env = groupEnv();
    useSyncStore.getState().setOnline(false);
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-18']} />, { path: '/' });
    const input = await waitFor(() => document.body.querySelector<HTMLInputElement>('input[type="file"]')!);
    // Two camera shots handed over one right after the other, before the first folder is written.
    for (const name of ['before.jpg', 'after.jpg'])
      fireEvent.change(input, { target: { files: [new File([name], name, { type: 'image/jpeg' })] } });
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(2));
    const records = await listFew<{ _id: string; name: string }>(env.accountId, 'CloudFile');
    expect(records.map((r) => r.name).sort()).toEqual(['3-18', 'Tickets']);
    const queued = await queuedUploads(env.accountId);
    expect(new Set(queued.map((q) => q.query.dir_id))).toEqual(new Set([records.find((r) => r.name === '3-18')!._id]));
  });

  it('lists the folder’s photos as thumbnails kept on their records, never fetching an image', async () => {
    const env = groupEnv();
    const at = '2026-11-20T10:00:00.000Z';
    const [tickets, folder, plate, damage] = [
      newId('CloudFile'),
      newId('CloudFile'),
      newId('CloudFile'),
      newId('CloudFile'),
    ];
    const record = (id: string, fields: Record<string, unknown>) => ({
      _id: id,
      klass: 'CloudFile',
      created_at: at,
      ...fields,
    });
    const thumbnail = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
    const versions = (hash: string) => [{ hash: hash.repeat(64), size: 9, at, by: env.userId }];
    await localDb(env.accountId).bulkDocs([
      record(tickets, { name: 'Tickets', kind: 'dir' }),
      record(folder, { name: '3-19', kind: 'dir', dir_id: tickets }),
      record(plate, {
        name: 'plate.jpg',
        kind: 'file',
        dir_id: folder,
        versions: versions('a'),
        thumbnail,
        thumbnail_of: 'a'.repeat(64),
      }),
      // Overwritten since its thumbnail was made: an icon, not the old picture.
      record(damage, {
        name: 'damage.jpg',
        kind: 'file',
        dir_id: folder,
        versions: versions('c'),
        thumbnail,
        thumbnail_of: 'b'.repeat(64),
      }),
    ] as never);
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-19']} />, { path: '/' });
    const image = await screen.findByRole('img', { name: 'plate.jpg' });
    expect(image.getAttribute('src')).toBe(thumbnail);
    expect(screen.getByText('damage.jpg')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'damage.jpg' })).toBeNull();
  });
});
