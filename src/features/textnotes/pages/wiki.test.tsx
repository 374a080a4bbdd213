// The wiki's screens over the device's replica (fake IndexedDB), its design document in it as
// sync brings it: links resolved on the entry page, "linked by", and a rename whose links follow.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it } from 'vitest';
import { groupEnv } from '../../../../test/support/group-env.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { wikiDesignDoc } from '../../../../test/support/wiki-design-doc.ts';
import { localDb } from '../../../data/databases.ts';
import { getRecord } from '../../../data/records.ts';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { newId } from '../../../domain/ids.ts';
import WikiEditPage from './wiki-edit.tsx';
import WikiShowPage from './wiki-show.tsx';
import WikiPage from './wiki.tsx';

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

  it('moves through the completion with the arrow keys, takes the highlighted one, and closes on Escape', async () => {
    const env = groupEnv();
    await seed(env);
    renderScreen(<WikiEditPage env={env} recordId="new" params={{}} />, page(env, 'new', '/edit'));
    const text = (await screen.findByRole('textbox', { name: /Content/ })) as HTMLTextAreaElement;
    expect(text.getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(text, 'Ask [[[[bru');

    // A listbox tied to the textarea, its highlighted option named by aria-activedescendant.
    const list = await screen.findByRole('listbox', { name: 'Titles to link' });
    expect(text.getAttribute('aria-expanded')).toBe('true');
    expect(text.getAttribute('aria-controls')).toBe(list.id);
    const highlighted = () => {
      const id = text.getAttribute('aria-activedescendant');
      const option = within(list)
        .getAllByRole('option')
        .find((o) => o.id === id);
      expect(option?.getAttribute('aria-selected')).toBe('true');
      return option?.textContent;
    };
    expect(highlighted()).toBe('Notes on Bruno');
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Bruno Lima');
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Notes on Bruno');
    await userEvent.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Bruno Lima');
    expect(text.value).toBe('Ask [[bru');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(text.value).toBe('Ask [[Bruno Lima]]'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(text.getAttribute('aria-expanded')).toBe('false');
    expect(text.hasAttribute('aria-activedescendant')).toBe(false);

    // Tab takes the highlighted one too; Escape closes the list and leaves the text as it is.
    await userEvent.type(text, ' [[[[bru');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Tab}');
    await waitFor(() => expect(text.value).toBe('Ask [[Bruno Lima]] [[Bruno Lima]]'));
    await userEvent.type(text, ' [[[[not');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(text.value).toBe('Ask [[Bruno Lima]] [[Bruno Lima]] [[not');
    expect(text.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the wiki’s index', () => {
  it('finds notes by a word of their text through the group’s search view, on the device', async () => {
    const env = groupEnv();
    // The search view as the first sync brings it (the wiki's own comes with seed).
    const ddocs = inject('groupDesignDocs').filter((ddoc) => ddoc._id !== '_design/wiki');
    await localDb(env.accountId).bulkDocs(ddocs.map((ddoc) => ({ ...ddoc })) as never[]);
    await seed(env);
    renderScreen(<WikiPage env={env} recordId="" params={{}} />, { path: `/account/${env.accountId}/wiki` });
    await screen.findAllByRole('link', { name: 'Split unit' });
    const box = screen.getByRole('searchbox', { name: 'Find in the notes' });

    // "Nowhere" is a word of one note's text only, and no title's.
    await userEvent.type(box, 'NOWH');
    await waitFor(() => expect(screen.queryAllByRole('link', { name: 'Compressor care' }).length).toBeGreaterThan(0));
    expect(screen.queryAllByRole('link', { name: 'Split unit' })).toEqual([]);
    expect(screen.queryAllByRole('link', { name: 'Notes on Bruno' })).toEqual([]);

    // A title still finds its note, whatever its text holds.
    await userEvent.clear(box);
    await userEvent.type(box, 'notes on');
    await waitFor(() => expect(screen.queryAllByRole('link', { name: 'Compressor care' })).toEqual([]));
    expect(screen.getAllByRole('link', { name: 'Notes on Bruno' }).length).toBeGreaterThan(0);
  });
});
