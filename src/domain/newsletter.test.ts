import { describe, expect, it } from 'vitest';
import {
  NEWSLETTER_TOPICS,
  onlyMailPreferences,
  parseNewsletterIssue,
  readMailPreferences,
  wantsNewsletter,
} from './newsletter.ts';

describe('readMailPreferences', () => {
  it('keeps the known topics in their order, once each, and the switches', () => {
    const read = readMailPreferences({
      newsletter: true,
      newsletter_topics: ['rss', 'api', 'rss', 'ticket_app'],
      weekly_summary: false,
    });
    expect(read.errors.hasErrors).toBe(false);
    expect(read.preferences).toEqual({
      newsletter: true,
      newsletter_topics: ['ticket_app', 'api', 'rss'],
      weekly_summary: false,
    });
  });

  it('reads a posted form: checkboxes are "on" or absent, a lone topic is a string', () => {
    const read = readMailPreferences({ newsletter: 'on', newsletter_topics: 'links' }, { form: true });
    expect(read.preferences).toEqual({ newsletter: true, newsletter_topics: ['links'], weekly_summary: false });
    expect(readMailPreferences({}, { form: true }).preferences).toEqual({
      newsletter: false,
      newsletter_topics: [],
      weekly_summary: false,
    });
  });

  it('refuses a topic not in the list and a switch that is not a boolean', () => {
    const read = readMailPreferences({ newsletter: 'yes', newsletter_topics: ['api', 'cats'] });
    expect(read.errors.reasons).toEqual({
      newsletter: ['is invalid'],
      newsletter_topics: ['is not included in the list'],
    });
  });

  it('leaves out what the input does not name (a JSON write of one switch)', () => {
    expect(readMailPreferences({ weekly_summary: true }).preferences).toEqual({ weekly_summary: true });
  });
});

describe('onlyMailPreferences', () => {
  it('is a write of e-mail choices alone, whatever rides along', () => {
    expect(onlyMailPreferences({ newsletter: true, _rev: '1-a', return_url: 'x' })).toBe(true);
    expect(onlyMailPreferences({ newsletter: true, fullname: 'Ana' })).toBe(false);
    expect(onlyMailPreferences({ _rev: '1-a' })).toBe(false);
  });
});

describe('wantsNewsletter', () => {
  it('needs the newsletter on and the topic chosen', () => {
    expect(wantsNewsletter({ newsletter: true, newsletter_topics: ['api'] }, 'api')).toBe(true);
    expect(wantsNewsletter({ newsletter: true, newsletter_topics: ['rss'] }, 'api')).toBe(false);
    expect(wantsNewsletter({ newsletter: false, newsletter_topics: ['api'] }, 'api')).toBe(false);
    expect(wantsNewsletter({ newsletter: true }, 'api')).toBe(false);
  });
});

describe('parseNewsletterIssue', () => {
  it('reads the front matter and the Markdown after it', () => {
    const issue = parseNewsletterIssue('---\ntopic: rss\nsubject: "Feeds, faster"\n---\n# Hello\n\nBody.\n');
    expect(issue).toEqual({ topic: 'rss', subject: 'Feeds, faster', markdown: '# Hello\n\nBody.\n' });
  });

  it('says what is missing or wrong', () => {
    expect(() => parseNewsletterIssue('# no front matter')).toThrow(/front matter/);
    expect(() => parseNewsletterIssue('---\ntopic: cats\nsubject: x\n---\nBody')).toThrow(/topic "cats"/);
    expect(() => parseNewsletterIssue('---\ntopic: api\n---\nBody')).toThrow(/subject/);
    expect(() => parseNewsletterIssue('---\ntopic: api\nsubject: x\n---\n  \n')).toThrow(/empty/);
  });

  it('knows the six topics of spec 001 §3', () => {
    expect(NEWSLETTER_TOPICS).toEqual(['ticket_app', 'remote_diskette', 'text_notes', 'api', 'links', 'rss']);
  });
});
