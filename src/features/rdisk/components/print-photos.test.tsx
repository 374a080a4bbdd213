import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupEnv } from '../../../../test/support/group-env.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { localDb } from '../../../data/databases.ts';
import { keepCopy, queueUpload } from '../../../data/device-files.ts';
import { newId } from '../../../domain/ids.ts';
import { PrintPhotos } from './print-photos.tsx';

const at = '2026-11-20T10:00:00.000Z';
const thumbnail = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

/** A photo taken into `dirId` on this device, waiting to be sent (`meta` adds to what a screen lists of it). */
function queuePhoto(
  env: ResourceEnv,
  name: string,
  dirId: string,
  blob: Blob,
  meta: Record<string, string> = {},
  id: string = crypto.randomUUID(),
) {
  return queueUpload({
    id,
    db: env.accountId,
    method: 'POST',
    path: `/api/groups/${env.accountId}/disk/files`,
    query: { name, dir_id: dirId },
    blob,
    meta: { name, dirId, photo: '1', ...meta },
    addedAt: at,
  });
}

async function ticketFolder(env: ResourceEnv) {
  const id = () => newId('CloudFile');
  const [tickets, folder, plate, damage, invoice, lost] = [id(), id(), id(), id(), id(), id()];
  // damage.jpg was taken here and has arrived; its place in the queue outlived the sending.
  const damageUpload = crypto.randomUUID();
  const record = (id: string, fields: Record<string, unknown>) => ({
    _id: id,
    klass: 'CloudFile',
    created_at: at,
    ...fields,
  });
  const photo = (id: string, name: string, hash: string, fields: Record<string, unknown> = {}) =>
    record(id, {
      name,
      kind: 'file',
      dir_id: folder,
      versions: [{ hash: hash.repeat(64), size: 9, at, by: env.userId, content_type: 'image/jpeg' }],
      ...fields,
    });
  await localDb(env.accountId).bulkDocs([
    record(tickets, { name: 'Tickets', kind: 'dir' }),
    record(folder, { name: '3-21', kind: 'dir', dir_id: tickets }),
    photo(plate, 'plate.jpg', 'a', { thumbnail, thumbnail_of: 'a'.repeat(64) }),
    // Kept on the device ("available offline"): printed from its own bytes.
    photo(damage, 'damage.jpg', 'b', {
      versions: [
        { hash: 'b'.repeat(64), size: 4, at, by: env.userId, content_type: 'image/jpeg', upload: damageUpload },
      ],
    }),
    photo(lost, 'lost.jpg', 'c'),
    // Taken on this device and not sent yet (below): printed from the bytes waiting to be sent.
    record(invoice, {
      name: 'invoice.pdf',
      kind: 'file',
      dir_id: folder,
      versions: [{ hash: 'd'.repeat(64), size: 9, at, by: env.userId, content_type: 'application/pdf' }],
    }),
  ] as never);
  await keepCopy({
    key: `${env.accountId}/${damage}/${'b'.repeat(64)}`,
    blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
    at,
  });
  await queuePhoto(env, 'after.jpg', folder, new Blob(['after'], { type: 'image/jpeg' }));
  // Not this record's, and what a sent photo left behind: not offered.
  await queuePhoto(env, 'elsewhere.jpg', tickets, new Blob(['x'], { type: 'image/jpeg' }));
  await queuePhoto(env, 'plate.jpg', folder, new Blob([]), { thumbnailFor: plate, of: 'a'.repeat(64), thumbnail });
  await queuePhoto(env, 'damage.jpg', folder, new Blob(['jpeg'], { type: 'image/jpeg' }), {}, damageUpload);
}

describe('photos on a printed record', () => {
  it('prints the photos ticked, from what the device holds (photos not sent yet too, a sent one once), and says which it does not have', async () => {
    const env = groupEnv();
    await ticketFolder(env);
    const user = userEvent.setup();
    renderScreen(<PrintPhotos env={env} folder={['Tickets', '3-21']} />, { path: '/' });
    const chooser = await screen.findByRole('group', { name: 'Photos on the printout' });
    // Photos only, none ticked until the person does.
    await within(chooser).findByRole('checkbox', { name: 'after.jpg' });
    const boxes = within(chooser).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('name'))).toEqual(['damage.jpg', 'lost.jpg', 'plate.jpg', 'after.jpg']);
    expect(boxes.every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByRole('figure')).toBeNull();

    await user.click(within(chooser).getByRole('checkbox', { name: 'plate.jpg' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'damage.jpg' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'lost.jpg' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'after.jpg' }));

    const printed = await screen.findByRole('list', { name: 'Photos' });
    const plate = await within(printed).findByRole('img', { name: 'plate.jpg' });
    expect(plate.getAttribute('src')).toBe(thumbnail);
    const damage = await within(printed).findByRole('img', { name: 'damage.jpg' });
    expect(damage.getAttribute('src')).toBe(`data:image/jpeg;base64,${btoa('jpeg')}`);
    const after = await within(printed).findByRole('img', { name: 'after.jpg' });
    expect(after.getAttribute('src')).toBe(`data:image/jpeg;base64,${btoa('after')}`);
    expect(within(printed).queryByRole('img', { name: 'lost.jpg' })).toBeNull();
    expect(screen.getByText('lost.jpg is not on this device and is left out.')).toBeTruthy();
    // The chooser and that sentence are for the screen; the paper gets the pictures.
    expect(chooser.closest('[data-no-print]')).toBeTruthy();
    expect(screen.getByText('lost.jpg is not on this device and is left out.').closest('[data-no-print]')).toBeTruthy();
    expect(printed.closest('[data-no-print]')).toBeNull();
  });

  it('keeps the tick of a photo ticked while it waited, once it has arrived', async () => {
    const env = groupEnv();
    const [tickets, folder, after] = [newId('CloudFile'), newId('CloudFile'), newId('CloudFile')];
    const db = localDb(env.accountId);
    await db.bulkDocs([
      { _id: tickets, klass: 'CloudFile', name: 'Tickets', kind: 'dir', created_at: at },
      { _id: folder, klass: 'CloudFile', name: '3-22', kind: 'dir', dir_id: tickets, created_at: at },
    ] as never);
    const upload = crypto.randomUUID();
    await queuePhoto(env, 'after.jpg', folder, new Blob(['after'], { type: 'image/jpeg' }), {}, upload);
    const user = userEvent.setup();
    renderScreen(<PrintPhotos env={env} folder={['Tickets', '3-22']} />, { path: '/' });
    const chooser = await screen.findByRole('group', { name: 'Photos on the printout' });
    await user.click(await within(chooser).findByRole('checkbox', { name: 'after.jpg' }));
    const printed = await screen.findByRole('list', { name: 'Photos' });
    expect((await within(printed).findByRole('img', { name: 'after.jpg' })).getAttribute('src')).toBe(
      `data:image/jpeg;base64,${btoa('after')}`,
    );

    // The photo reaches the server and its record the device, while its place in the queue stays.
    const hash = 'e'.repeat(64);
    await db.put({
      _id: after,
      klass: 'CloudFile',
      name: 'after.jpg',
      kind: 'file',
      dir_id: folder,
      created_at: at,
      versions: [{ hash, size: 5, at, by: env.userId, content_type: 'image/jpeg', upload }],
      thumbnail,
      thumbnail_of: hash,
    } as never);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Photos' }))
          .getByRole('img')
          .getAttribute('src'),
      ).toBe(thumbnail),
    );
    const boxes = within(chooser).getAllByRole('checkbox');
    expect(boxes.map((box) => [box.getAttribute('name'), (box as HTMLInputElement).checked])).toEqual([
      ['after.jpg', true],
    ]);
    await user.click(boxes[0]!);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Photos' })).toBeNull());
  });

  it('prints a sent photo from the bytes left on the device until its thumbnail arrives, and looks again when it does', async () => {
    const env = groupEnv();
    const [tickets, folder, left, bare] = [
      newId('CloudFile'),
      newId('CloudFile'),
      newId('CloudFile'),
      newId('CloudFile'),
    ];
    const db = localDb(env.accountId);
    const upload = crypto.randomUUID();
    const version = (hash: string, fields: Record<string, unknown> = {}) => ({
      hash,
      size: 5,
      at,
      by: env.userId,
      content_type: 'image/jpeg',
      ...fields,
    });
    const file = (id: string, name: string, hash: string, fields: Record<string, unknown> = {}) => ({
      _id: id,
      klass: 'CloudFile',
      name,
      kind: 'file',
      dir_id: folder,
      created_at: at,
      versions: [version(hash, fields)],
    });
    // Both stored by the server; the page was left before their thumbnails reached the records.
    // left.jpg's bytes are still in the device's queue, bare.jpg's are not.
    await db.bulkDocs([
      { _id: tickets, klass: 'CloudFile', name: 'Tickets', kind: 'dir', created_at: at },
      { _id: folder, klass: 'CloudFile', name: '3-25', kind: 'dir', dir_id: tickets, created_at: at },
      file(left, 'left.jpg', 'f'.repeat(64), { upload }),
      file(bare, 'bare.jpg', '1'.repeat(64)),
    ] as never);
    await queuePhoto(env, 'left.jpg', folder, new Blob(['still'], { type: 'image/jpeg' }), {}, upload);
    const user = userEvent.setup();
    renderScreen(<PrintPhotos env={env} folder={['Tickets', '3-25']} />, { path: '/' });
    const chooser = await screen.findByRole('group', { name: 'Photos on the printout' });
    await user.click(await within(chooser).findByRole('checkbox', { name: 'left.jpg' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'bare.jpg' }));
    const printed = await screen.findByRole('list', { name: 'Photos' });
    expect((await within(printed).findByRole('img', { name: 'left.jpg' })).getAttribute('src')).toBe(
      `data:image/jpeg;base64,${btoa('still')}`,
    );
    await screen.findByText('bare.jpg is not on this device and is left out.');

    // The thumbnail the server stored reaches the device by sync.
    const stored = await db.get(bare);
    await db.put({ ...stored, thumbnail, thumbnail_of: '1'.repeat(64) } as never);
    expect((await within(printed).findByRole('img', { name: 'bare.jpg' })).getAttribute('src')).toBe(thumbnail);
    expect(screen.queryByText('bare.jpg is not on this device and is left out.')).toBeNull();
  });
});
