import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRequests, json } from '../../../../test/support/network.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { keepNotifications, listMailbox } from '../../../data/mailbox.ts';
import { MailboxTab } from './mailbox-tab.tsx';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const post = (n: number, days: number, language = 'en') => ({
  url: `https://social.example/@moneta/${n}`,
  created_at: daysAgo(days),
  language,
  content: `<p>Notice number ${n}</p>`,
});

describe('MailboxTab', () => {
  it('lists the kept and the newly fetched notifications of the language, with read marks kept on the device', async () => {
    // Kept from an earlier visit: older than the feed shows now.
    await keepNotifications([post(1, 40)]);
    answerRequests(({ url }) => {
      if (url.pathname === '/db/') return json({ couchdb: 'Welcome', notifications_url: '/api/notifications' });
      if (url.pathname === '/api/notifications') return json([post(2, 1), post(3, 2, 'pt')]);
      return json({ error: 'not_found' }, 404);
    });
    const person = userEvent.setup();
    const view = renderScreen(<MailboxTab />);

    const list = await screen.findByRole('list', { name: 'System notifications' });
    await within(list).findByText('Notice number 2');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Notice number 2'),
      expect.stringContaining('Notice number 1'),
    ]);
    // Another language's post is kept but not listed.
    expect(screen.queryByText('Notice number 3')).toBeNull();
    expect(screen.getByText('2 unread')).toBeTruthy();

    await person.click(within(items[0]!).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('1 unread')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();

    // Kept on the device: shown read again after the page is opened anew.
    view.unmount();
    renderScreen(<MailboxTab />);
    expect(await screen.findByText('1 unread')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Everything is read')).toBeTruthy();
    expect((await listMailbox()).filter((e) => e.language === 'en').every((e) => e.read_at)).toBe(true);
  });
});
