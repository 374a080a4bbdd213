import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupEnv } from '../../../../test/support/group-env.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { localDb } from '../../../data/databases.ts';
import { queuedUploads } from '../../../data/device-files.ts';
import { listFew } from '../../../data/records.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { newId } from '../../../domain/ids.ts';
import { networkError } from '../../../data/api-error.ts';
import { sendThumbnail, sendUpload } from '../api/files.ts';
import { makeThumbnail } from '../resize-photo.ts';
import { RecordPhotos } from './record-photos.tsx';

// jsdom draws no image: the resized copy and the thumbnail are stood in for, so what reaches the
// queue tells which bytes were chosen.
vi.mock('../resize-photo.ts', () => ({
  resizePhoto: vi.fn(async (file: File) =>
    file.name.startsWith('big') ? new File(['small'], file.name, { type: 'image/jpeg' }) : file,
  ),
  makeThumbnail: vi.fn(async (file: File) => (file.name.startsWith('big') ? 'data:image/jpeg;base64,AAAA' : null)),
}));

// The server's half stood in for: what was sent, and when, is what these tests read.
vi.mock(import('../api/files.ts'), async (original) => ({
  ...(await original()),
  sendUpload: vi.fn(),
  sendThumbnail: vi.fn(),
}));

afterEach(() => {
  localStorage.removeItem('moneta.flag.disk-photo-original');
  vi.mocked(sendUpload).mockReset();
  vi.mocked(sendThumbnail).mockReset();
  vi.mocked(makeThumbnail).mockClear();
});

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

  it('queues the resized copy unless the person asks to keep full quality, remembered on the device', async () => {
    const env = groupEnv();
    useSyncStore.getState().setOnline(false);
    const user = userEvent.setup();
    const { unmount } = renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-20']} />, { path: '/' });
    const input = await waitFor(() => document.body.querySelector<HTMLInputElement>('input[type="file"]')!);
    const keep = await screen.findByRole('switch', { name: 'Keep full quality' });
    expect((keep as HTMLInputElement).checked).toBe(false);
    await user.upload(input, [new File(['original bytes'], 'big-1.jpg', { type: 'image/jpeg' })]);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(1));
    const [resized] = await queuedUploads(env.accountId);
    expect(await resized!.blob.text()).toBe('small');
    expect(resized!.meta.thumbnail).toBe('data:image/jpeg;base64,AAAA');

    await user.click(keep);
    expect(localStorage.getItem('moneta.flag.disk-photo-original')).toBe('1');
    await user.upload(input, [new File(['original bytes'], 'big-2.jpg', { type: 'image/jpeg' })]);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(2));
    const original = (await queuedUploads(env.accountId)).find((q) => q.meta.name === 'big-2.jpg')!;
    expect(await original.blob.text()).toBe('original bytes');
    // The thumbnail is made all the same.
    expect(original.meta.thumbnail).toBe('data:image/jpeg;base64,AAAA');

    unmount();
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-20']} />, { path: '/' });
    expect(((await screen.findByRole('switch', { name: 'Keep full quality' })) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a thumbnail the network lost and sends it on the next visit, never the photo again', async () => {
    const env = groupEnv();
    const hash = 'e'.repeat(64);
    vi.mocked(sendUpload).mockResolvedValue({ ok: true, id: 'fle-photo', rev: '1-a', version: { hash } } as never);
    // The network goes each time the thumbnail is on its way.
    vi.mocked(sendThumbnail).mockRejectedValue(networkError());
    useSyncStore.getState().setOnline(true);
    const user = userEvent.setup();
    const { unmount } = renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-23']} />, { path: '/' });
    const input = await waitFor(() => document.body.querySelector<HTMLInputElement>('input[type="file"]')!);
    await user.upload(input, [new File(['original bytes'], 'big-plate.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(sendThumbnail).toHaveBeenCalled());
    // The photo is stored; only its thumbnail waits on the device, and no upload is listed for it.
    await waitFor(async () =>
      expect((await queuedUploads(env.accountId)).map((q) => q.meta.thumbnailFor)).toEqual(['fle-photo']),
    );
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();

    unmount();
    vi.mocked(sendThumbnail).mockReset().mockResolvedValue({ ok: true });
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-23']} />, { path: '/' });
    await waitFor(() => expect(sendThumbnail).toHaveBeenCalled());
    expect(vi.mocked(sendThumbnail).mock.calls[0]).toEqual([
      env.accountId,
      'fle-photo',
      hash,
      'data:image/jpeg;base64,AAAA',
    ]);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(0));
    // The photo was sent once (an earlier test's group may still be draining its own queue).
    expect(vi.mocked(sendUpload).mock.calls.filter(([target]) => target.path.includes(env.accountId))).toHaveLength(1);
  });

  it('makes a thumbnail that could not be made when the photo was taken, from the bytes still on the device, and names the upload', async () => {
    const env = groupEnv();
    vi.mocked(sendUpload).mockResolvedValue({
      ok: true,
      id: 'fle-late',
      rev: '1-a',
      version: { hash: 'f'.repeat(64) },
    } as never);
    vi.mocked(sendThumbnail).mockResolvedValue({ ok: true });
    vi.mocked(makeThumbnail).mockResolvedValueOnce(null);
    useSyncStore.getState().setOnline(false);
    const user = userEvent.setup();
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-24']} />, { path: '/' });
    const input = await waitFor(() => document.body.querySelector<HTMLInputElement>('input[type="file"]')!);
    await user.upload(input, [new File(['original bytes'], 'big-late.jpg', { type: 'image/jpeg' })]);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(1));
    const [waiting] = await queuedUploads(env.accountId);
    expect(waiting!.meta.thumbnail).toBeUndefined();

    useSyncStore.getState().setOnline(true);
    await waitFor(() => expect(sendThumbnail).toHaveBeenCalledTimes(1));
    // Named by its place in the queue: sent again after a lost answer, the server knows it.
    const sent = vi.mocked(sendUpload).mock.calls.find(([target]) => target.path.includes(env.accountId));
    expect(sent![0].query).toMatchObject({ upload: waiting!.id, thumbnail: 'device' });
    expect(vi.mocked(sendThumbnail).mock.calls[0]!.slice(1)).toEqual([
      'fle-late',
      'f'.repeat(64),
      'data:image/jpeg;base64,AAAA',
    ]);
    await waitFor(async () => expect(await queuedUploads(env.accountId)).toHaveLength(0));
  });

  it('shows a photo without its thumbnail as a photo placeholder, a document as a file', async () => {
    const env = groupEnv();
    const at = '2026-11-20T10:00:00.000Z';
    const [tickets, folder, photo, doc] = [
      newId('CloudFile'),
      newId('CloudFile'),
      newId('CloudFile'),
      newId('CloudFile'),
    ];
    const version = (type: string) => [{ hash: 'a'.repeat(64), size: 9, at, by: env.userId, content_type: type }];
    await localDb(env.accountId).bulkDocs([
      { _id: tickets, klass: 'CloudFile', created_at: at, name: 'Tickets', kind: 'dir' },
      { _id: folder, klass: 'CloudFile', created_at: at, name: '3-25', kind: 'dir', dir_id: tickets },
      {
        _id: photo,
        klass: 'CloudFile',
        created_at: at,
        name: 'plate.jpg',
        kind: 'file',
        dir_id: folder,
        versions: version('image/jpeg'),
      },
      {
        _id: doc,
        klass: 'CloudFile',
        created_at: at,
        name: 'manual.pdf',
        kind: 'file',
        dir_id: folder,
        versions: version('application/pdf'),
      },
    ] as never);
    renderScreen(<RecordPhotos env={env} folder={['Tickets', '3-25']} />, { path: '/' });
    const placeholder = await screen.findByRole('img', { name: 'plate.jpg: thumbnail still to come' });
    expect(placeholder.closest('li')?.getAttribute('data-file')).toBe(photo);
    expect(screen.queryByRole('img', { name: /manual\.pdf/ })).toBeNull();
  });
});
