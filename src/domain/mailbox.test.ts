import { describe, expect, it } from 'vitest';
import { keepInMailbox, markRead, MAILBOX_SIZE, type MailboxEntry, unreadCount } from './mailbox.ts';

const post = (n: number, day: string) => ({
  url: `https://social.example/@moneta/${n}`,
  created_at: `${day}T12:00:00Z`,
  language: 'en',
  content: `<p>Post ${n}</p>`,
});

describe('the mailbox of system notifications', () => {
  it('keeps what was fetched once each, newest first, and keeps the read marks', () => {
    let kept: MailboxEntry[] = keepInMailbox([], [post(1, '2026-11-01'), post(2, '2026-11-10')]);
    expect(kept.map((e) => e.url.slice(-1))).toEqual(['2', '1']);
    expect(unreadCount(kept)).toBe(2);
    kept = markRead(kept, [post(1, '2026-11-01').url], '2026-11-11T08:00:00Z');
    expect(unreadCount(kept)).toBe(1);
    // The feed answers again, post 1 among them (edited meanwhile), and a newer one.
    kept = keepInMailbox(kept, [post(3, '2026-11-12'), { ...post(1, '2026-11-01'), content: '<p>Post 1, edited</p>' }]);
    expect(kept.map((e) => e.url.slice(-1))).toEqual(['3', '2', '1']);
    expect(kept[2]).toMatchObject({ read_at: '2026-11-11T08:00:00Z', content: '<p>Post 1, edited</p>' });
  });

  it('keeps posts the feed no longer shows (older than 16 days), up to its size', () => {
    const many = Array.from({ length: MAILBOX_SIZE + 5 }, (_, i) =>
      post(i, new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)),
    );
    const kept = keepInMailbox([], many);
    expect(kept).toHaveLength(MAILBOX_SIZE);
    expect(kept.at(-1)!.url).toBe(post(5, '').url);
    expect(keepInMailbox(kept, [])).toEqual(kept);
  });

  it('marks everything read at once', () => {
    const kept = keepInMailbox([], [post(1, '2026-11-01'), post(2, '2026-11-10')]);
    const all = markRead(
      kept,
      kept.map((e) => e.url),
      '2026-11-11T08:00:00Z',
    );
    expect(unreadCount(all)).toBe(0);
    // Read stays read at its first time.
    expect(markRead(all, [kept[0]!.url], '2026-11-20T00:00:00Z')[0]!.read_at).toBe('2026-11-11T08:00:00Z');
  });
});
