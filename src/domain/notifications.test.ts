import { describe, expect, it } from 'vitest';
import { primaryLanguage, recentNotifications } from './notifications.ts';

const now = new Date('2025-06-20T12:00:00Z');
const post = (created_at: string, language: string | null, content = '<p>x</p>') => ({
  created_at,
  language,
  content,
  url: `https://social.example/@moneta/${created_at}`,
});

describe('primaryLanguage', () => {
  it('keeps the primary subtag, lower-cased', () => {
    expect(primaryLanguage('pt-BR')).toBe('pt');
    expect(primaryLanguage('EN')).toBe('en');
  });
});

describe('recentNotifications', () => {
  it('keeps posts under 16 days old in the primary language of the locale, newest first', () => {
    const feed = [
      post('2025-06-10T00:00:00Z', 'pt'),
      post('2025-06-19T00:00:00Z', 'pt'),
      post('2025-06-19T00:00:00Z', 'en'),
      post('2025-06-01T00:00:00Z', 'pt'),
      post('2025-06-15T00:00:00Z', null),
    ];
    expect(recentNotifications(feed, 'pt-BR', now).map((p) => p.created_at)).toEqual([
      '2025-06-19T00:00:00Z',
      '2025-06-10T00:00:00Z',
    ]);
    expect(recentNotifications(feed, 'en', now)).toHaveLength(1);
  });

  it('drops posts exactly 16 days old or older', () => {
    expect(recentNotifications([post('2025-06-04T12:00:00Z', 'en')], 'en', now)).toEqual([]);
    expect(recentNotifications([post('2025-06-04T12:00:01Z', 'en')], 'en', now)).toHaveLength(1);
  });

  it('ignores anything that is not a list of posts', () => {
    expect(recentNotifications({ error: 'x' }, 'en', now)).toEqual([]);
    expect(
      recentNotifications([null, 1, { created_at: 'bad', language: 'en', content: '', url: '' }], 'en', now),
    ).toEqual([]);
  });
});
