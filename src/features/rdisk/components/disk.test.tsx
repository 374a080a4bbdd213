import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupEnv } from '../../../../test/support/group-env.ts';
import { answerRequests, json } from '../../../../test/support/network.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { localDb } from '../../../data/databases.ts';
import { queuedUploads } from '../../../data/device-files.ts';
import { getRecord, listFew } from '../../../data/records.ts';
import { useSyncStore } from '../../../data/sync-store.ts';
import { newId } from '../../../domain/ids.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { Disk } from './disk.tsx';

const at = '2026-11-20T10:00:00.000Z';

/** A small tree: Invoices/2026/March, Archive, and two files at the root, one in the bin. */
async function seed(env: ResourceEnv) {
  const record = (id: string, fields: Record<string, unknown>) => ({
    _id: id,
    klass: 'CloudFile',
    starred: false,
    created_at: at,
    updated_at: at,
    created_by: env.userId,
    updated_by: env.userId,
    ...fields,
  });
  const ids = {
    invoices: newId('CloudFile'),
    year: newId('CloudFile'),
    march: newId('CloudFile'),
    archive: newId('CloudFile'),
    report: newId('CloudFile'),
    photo: newId('CloudFile'),
    binned: newId('CloudFile'),
  };
  const version = (size: number) => [{ hash: 'a'.repeat(64), size, at, by: env.userId }];
  await localDb(env.accountId).bulkDocs([
    record(ids.invoices, { name: 'Invoices', kind: 'dir' }),
    record(ids.year, { name: '2026', kind: 'dir', dir_id: ids.invoices }),
    record(ids.march, { name: 'March', kind: 'dir', dir_id: ids.year }),
    record(ids.archive, { name: 'Archive', kind: 'dir' }),
    record(ids.report, { name: 'report.pdf', kind: 'file', size: 1_534_000, versions: version(1_534_000) }),
    record(ids.photo, { name: 'photo.jpg', kind: 'file', size: 999, versions: version(999) }),
    record(ids.binned, { name: 'old.txt', kind: 'file_deleted', size: 3, versions: version(3) }),
  ] as never);
  return ids;
}

function renderDisk(env: ResourceEnv, dirId: string | null = null) {
  renderScreen(<Disk env={env} dirId={dirId} />, { path: `/account/${env.accountId}/disk${dirId ? `/${dirId}` : ''}` });
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent ?? '')
    .filter(Boolean);

describe('the disk', () => {
  it('lists folders then files with decimal sizes, walks down by breadcrumbs, and shows the up entry when asked', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const user = userEvent.setup();
    renderDisk(env);

    const list = await screen.findByRole('list', { name: 'Files' });
    await waitFor(() => expect(rowNames(list)).toEqual(['Archive', 'Invoices', 'photo.jpg', 'report.pdf']));
    expect(within(list).getByText(/^1\.5 MB · /)).toBeTruthy();
    expect(within(list).getByText(/^999 B · /)).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /Invoices/ })
        .getAttribute('href'),
    ).toBe(`/account/${env.accountId}/disk/${ids.invoices}`);
    // Sorted by size, biggest first.
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Size' }));
    await user.click(screen.getByRole('switch', { name: 'Descending' }));
    await waitFor(() => expect(rowNames(list)).toEqual(['Invoices', 'Archive', 'report.pdf', 'photo.jpg']));
  });

  it("shows a picture's thumbnail in its row while it is of the current content", async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const thumbnail = `data:image/jpeg;base64,${btoa('\xff\xd8\xff thumbnail')}`;
    const db = localDb(env.accountId);
    const photo = await db.get(ids.photo);
    await db.put({ ...photo, thumbnail, thumbnail_of: 'a'.repeat(64) });
    const report = await db.get(ids.report);
    await db.put({ ...report, thumbnail, thumbnail_of: 'b'.repeat(64) });
    renderDisk(env);

    const list = await screen.findByRole('list', { name: 'Files' });
    const rowOf = (id: string) => list.querySelector(`[data-file="${id}"]`)!;
    await waitFor(() =>
      expect(rowOf(ids.photo).querySelector('img[data-thumbnail]')?.getAttribute('src')).toBe(thumbnail),
    );
    // Of an older content: the file's icon instead.
    expect(rowOf(ids.report).querySelector('img')).toBeNull();
  });

  it('shows the way up from a deep folder, and the up-folder entry as an option kept on the device', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const user = userEvent.setup();
    renderDisk(env, ids.march);

    const crumbs = await screen.findByRole('navigation', { name: 'Folders' });
    await waitFor(() => expect(within(crumbs).getByRole('heading', { name: 'March' })).toBeTruthy());
    expect(within(crumbs).getByRole('link', { name: '2026' }).getAttribute('href')).toBe(
      `/account/${env.accountId}/disk/${ids.year}`,
    );
    expect(within(crumbs).getByRole('link', { name: 'Files' }).getAttribute('href')).toBe(
      `/account/${env.accountId}/disk`,
    );
    expect(screen.getByText('This folder is empty.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Up one folder/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show the up-folder entry' }));
    expect(screen.getByRole('link', { name: /Up one folder/ }).getAttribute('href')).toBe(
      `/account/${env.accountId}/disk/${ids.year}`,
    );
    expect(localStorage.getItem('moneta.flag.disk-up-entry')).toBe('1');
  });

  it('says so when a folder is in the bin', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const stored = (await getRecord<{ _id: string; _rev: string }>(env.accountId, ids.invoices))!;
    await localDb(env.accountId).put({ ...stored, kind: 'dir_deleted' } as never);
    renderDisk(env, ids.march);
    expect(await screen.findByText(/This folder is not in the disk/)).toBeTruthy();
  });

  it('creates a folder in the folder shown, under a free name', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const user = userEvent.setup();
    renderDisk(env, ids.invoices);
    await screen.findByRole('list', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const name = await screen.findByRole('textbox', { name: 'Folder name' });
    await user.clear(name);
    await user.type(name, 'Receipts');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(async () =>
      expect((await listFew(env.accountId, 'CloudFile', { name: 'Receipts' }))[0]).toMatchObject({
        kind: 'dir',
        dir_id: ids.invoices,
      }),
    );
    expect(await screen.findByRole('link', { name: /Receipts/ })).toBeTruthy();
  });

  it('moves through a folder picker that refuses a folder into itself or one it holds', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const user = userEvent.setup();
    renderDisk(env);
    await user.click(await screen.findByRole('button', { name: 'Actions for Invoices' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Invoices to…' });
    // At the root, where it is: nothing to do.
    expect(within(dialog).getByRole('button', { name: 'Move here' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Invoices' }));
    await user.click(within(dialog).getByRole('button', { name: '2026' }));
    expect(within(dialog).getByText('A folder cannot go into itself or into a folder it holds.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Move here' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: /Up one folder/ }));
    await user.click(within(dialog).getByRole('button', { name: /Up one folder/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(async () =>
      expect(await getRecord(env.accountId, ids.invoices)).toMatchObject({ dir_id: ids.archive }),
    );
    await waitFor(() => expect(rowNames(screen.getByRole('list', { name: 'Files' }))).not.toContain('Invoices'));
  });

  it('deletes to the bin and restores from it', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    const user = userEvent.setup();
    renderDisk(env);
    await user.click(await screen.findByRole('button', { name: 'Actions for report.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(async () =>
      expect(await getRecord(env.accountId, ids.report)).toMatchObject({ kind: 'file_deleted' }),
    );
    await user.click(screen.getByRole('button', { name: 'Bin' }));
    const bin = await screen.findByRole('dialog', { name: 'Bin' });
    await user.click(await within(bin).findByRole('button', { name: 'Restore: report.pdf' }));
    await waitFor(async () => expect(await getRecord(env.accountId, ids.report)).toMatchObject({ kind: 'file' }));
    await waitFor(() => expect(within(bin).queryByText('report.pdf')).toBeNull());
  });

  it('keeps files chosen offline on the device, listed as waiting for a connection', async () => {
    const env = groupEnv();
    await seed(env);
    useSyncStore.getState().setOnline(false);
    const user = userEvent.setup();
    renderDisk(env);
    await screen.findByRole('list', { name: 'Files' });
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [
      new File(['before'], 'before.jpg', { type: 'image/jpeg' }),
      new File(['after!'], 'after.jpg', { type: 'image/jpeg' }),
    ]);
    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(within(uploads).getAllByText('Waits on this device for a connection')).toHaveLength(2));
    const queued = await queuedUploads(env.accountId);
    expect(await Promise.all(queued.map(async (q) => [q.meta.name, await q.blob.text(), q.query.name]))).toEqual([
      ['before.jpg', 'before', 'before.jpg'],
      ['after.jpg', 'after!', 'after.jpg'],
    ]);
  });

  it('shows how to configure WebDAV: the address, the e-mail, and where tokens are made', async () => {
    const env = groupEnv();
    const user = userEvent.setup();
    const sent = answerRequests(() => json({ email: 'ada@example.com' }));
    renderDisk(env);
    await user.click(await screen.findByRole('button', { name: 'WebDAV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure WebDAV' });
    expect(within(dialog).getByText(`${location.origin}/api/groups/${env.accountId}/dav/`)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Make a token' }).getAttribute('href')).toBe(
      '/user/profile?page=user_tokens',
    );
    expect(await within(dialog).findByText('ada@example.com')).toBeTruthy();
    expect(sent.map((r) => r.url.pathname)).toContain(`/db/_users/${env.userId}`);
  });
});
