import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRequests, json } from '../../../../test/support/network.ts';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import type { PublicUser } from '../../../domain/user.ts';
import { NewsletterCard } from './newsletter-card.tsx';

const user = {
  _id: 'usr-1',
  _rev: '3-a',
  newsletter: false,
  newsletter_topics: ['rss'],
  weekly_summary: undefined,
} as unknown as PublicUser;

describe('NewsletterCard', () => {
  it('shows the stored choices and saves the newsletter, its topics and the summary without a password', async () => {
    const requests = answerRequests(({ method, url }) =>
      method === 'PUT' && url.pathname === '/db/_users/usr-1'
        ? json({ ok: true, id: 'usr-1', rev: '4-b' })
        : json({ error: 'not_found' }, 404),
    );
    const saved: string[] = [];
    const person = userEvent.setup();
    renderScreen(<NewsletterCard user={user} onSaved={() => saved.push('saved')} />);

    const newsletter = screen.getByRole('switch', { name: 'Monthly newsletter' });
    const summary = screen.getByRole('switch', { name: 'Weekly summary of my Groups' });
    const feeds = screen.getByRole('checkbox', { name: 'Feed reader' });
    expect(newsletter).toHaveProperty('checked', false);
    // Never stopped: the summary comes.
    expect(summary).toHaveProperty('checked', true);
    expect(feeds).toHaveProperty('checked', true);
    // Topics mean nothing while the newsletter is off.
    expect(feeds).toHaveProperty('disabled', true);

    await person.click(newsletter);
    expect(feeds).toHaveProperty('disabled', false);
    await person.click(screen.getByRole('checkbox', { name: 'API and integrations' }));
    await person.click(summary);
    await person.click(screen.getByRole('button', { name: 'Update preferences' }));

    expect(await screen.findByText('Your e-mail preferences were saved.')).toBeTruthy();
    expect(saved).toEqual(['saved']);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.get('rev')).toBe('3-a');
    expect(JSON.parse(requests[0]!.body ?? '{}')).toMatchObject({
      newsletter: true,
      newsletter_topics: ['api', 'rss'],
      weekly_summary: false,
    });
  });
});
