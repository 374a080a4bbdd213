// The wiki's screens over the device's replica (fake IndexedDB), its design document in it as
// sync brings it: links resolved on the entry page, "linked by", and a rename whose links follow.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { wikiDesignDoc } from '../../../../test/support/wiki-design-doc.ts';
import { localDb } from '../../../data/databases.ts';
import { getRecord } from '../../../data/records.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { newId } from '../../../domain/ids.ts';
import WikiEditPage from './wiki-edit.tsx';
import WikiShowPage from './wiki-show.tsx';

function groupEnv(): ResourceEnv {
  return { accountId: newId('Account'), userId: newId('User'), features: new Set(), members: [], settings: {} };
}

async function seed(env: ResourceEnv) {
  const ids = {
    care: newId('Handbook'),
    split: newId('Handbook'),
    ana: newId('Handbook'),
    customer: newId('Customer'),
  };
  const note = (_id: string, title: string, content: string) => ({ _id, klass: 'Handbook', title, content });
  await localDb(env.accountId).bulkDocs([
    wikiDesignDoc(),
    note(ids.care, 'Compressor care', 'See [[split UNIT]], [[Bruno Lima]], [[Nowhere]] and `[[code]]`.'),
    note(ids.split, 'Split unit', 'Back to [[Compressor care|care]].'),
    note(ids.ana, 'Notes on Bruno', 'Check [[Compressor Care]] and [[Split unit]].'),
    { _id: ids.customer, klass: 'Customer', name: 'Bruno Lima' },
  ] as never);
  return ids;
}

const page = (env: ResourceEnv, id: string, tail = '') => ({ path: `/account/${env.accountId}/wiki/${id}${tail}` });

describe('a wiki entry', () => {
  it('renders its links where they resolve, a note not written yet as such, and its linked by', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    renderScreen(<WikiShowPage env={env} recordId={ids.care} params={{}} />, page(env, ids.care));

    const split = await screen.findByRole('link', { name: 'split UNIT' });
    expect(split.getAttribute('href')).toBe(`/account/${env.accountId}/wiki/${ids.split}`);
    expect(screen.getByRole('link', { name: 'Bruno Lima' }).getAttribute('href')).toBe(
      `/account/${env.accountId}/customers/${ids.customer}`,
    );
    const missing = screen.getByRole('link', { name: 'Nowhere' });
    expect(missing.getAttribute('href')).toBe(`/account/${env.accountId}/wiki/new/edit?title=Nowhere`);
    expect(missing.className).toBe('wiki-missing');
    expect(screen.getByText('[[code]]').tagName).toBe('CODE');

    const linkedBy = await screen.findByRole('region', { name: 'Linked by' });
    const titles = within(linkedBy)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(titles).toEqual(['Notes on Bruno', 'Split unit']);
  });

  it('renamed, offers to update the notes linking to it, and rewrites them', async () => {
    const env = groupEnv();
    const ids = await seed(env);
    renderScreen(<WikiEditPage env={env} recordId={ids.care} params={{}} />, page(env, ids.care, '/edit'));
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Compressor maintenance');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain('2 notes link to “Compressor care”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update the links' }));
    // Links rewritten through the save path (judged, stamped, a timeline entry): slow on a busy machine.
    await screen.findByText(`Now at /account/${env.accountId}/wiki/${ids.care}`, undefined, { timeout: 15_000 });
    const split = await getRecord<{ _id: string; content: string }>(env.accountId, ids.split);
    const ana = await getRecord<{ _id: string; content: string }>(env.accountId, ids.ana);
    expect(split?.content).toBe('Back to [[Compressor maintenance|care]].');
    expect(ana?.content).toBe('Check [[Compressor maintenance]] and [[Split unit]].');
  });

  it('completes a link typed after [[ with a note’s title or a record’s', async () => {
    const env = groupEnv();
    await seed(env);
    renderScreen(<WikiEditPage env={env} recordId="new" params={{}} />, page(env, 'new', '/edit'));
    const text = await screen.findByRole('textbox', { name: /Content/ });
    await userEvent.type(text, 'Ask [[[[bru');
    const options = await screen.findAllByRole('option');
    // Notes first, then the group's records.
    expect(options.map((o) => o.textContent)).toEqual(['Notes on Bruno', 'Bruno Lima']);
    await userEvent.click(options[1]!);
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe('Ask [[Bruno Lima]]'));
  });
});
