// What a person chooses to receive (spec 001 §1, §3): the weekly summary, the newsletter and its
// topics; and the operator's newsletter issue as written, a front matter then Markdown. The same
// reading judges the profile's JSON write and the preferences page's posted form, so both accept
// exactly the same values.
import { FIELD_MESSAGES, FieldErrors } from './errors.ts';

export const NEWSLETTER_TOPICS = ['ticket_app', 'remote_diskette', 'text_notes', 'api', 'links', 'rss'] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number];

export function isNewsletterTopic(value: unknown): value is NewsletterTopic {
  return (NEWSLETTER_TOPICS as readonly unknown[]).includes(value);
}

export interface MailPreferences {
  newsletter: boolean;
  newsletter_topics: NewsletterTopic[];
  /** Absent on a user means they get it: only an unsubscribe or this choice writes false. */
  weekly_summary: boolean;
}

export const MAIL_PREFERENCE_FIELDS = ['newsletter', 'newsletter_topics', 'weekly_summary'] as const;

/**
 * A profile write that only chooses e-mails: it needs no current password (the e-mailed signed
 * link allows as much with no session at all). `_rev` and `return_url` ride along on any write.
 */
export function onlyMailPreferences(input: Record<string, unknown>): boolean {
  const fields = Object.keys(input).filter((key) => key !== '_rev' && key !== 'return_url');
  return fields.length > 0 && fields.every((key) => (MAIL_PREFERENCE_FIELDS as readonly string[]).includes(key));
}

function readSwitch(value: unknown, form: boolean): boolean | undefined | null {
  if (typeof value === 'boolean') return value;
  // An HTML checkbox is sent as "on" when ticked and not at all otherwise.
  if (form) return value === 'on' || value === 'true';
  return value === undefined ? undefined : null;
}

/**
 * The preferences the input names, checked. A posted form names all of them (an unticked box is
 * absent, so false); a JSON write may name only some.
 */
export function readMailPreferences(
  input: Record<string, unknown>,
  { form = false }: { form?: boolean } = {},
): { preferences: Partial<MailPreferences>; errors: FieldErrors } {
  const errors = new FieldErrors();
  const preferences: Partial<MailPreferences> = {};
  for (const field of ['newsletter', 'weekly_summary'] as const) {
    const value = readSwitch(input[field], form);
    if (value === null) errors.add(field, FIELD_MESSAGES.invalid);
    else if (value !== undefined) preferences[field] = value;
  }
  const raw = input.newsletter_topics;
  if (raw !== undefined || form) {
    const given = raw === undefined ? [] : Array.isArray(raw) ? raw : form ? [raw] : null;
    if (!given || given.some((topic) => !isNewsletterTopic(topic)))
      errors.add('newsletter_topics', FIELD_MESSAGES.inclusion);
    // In the list's order, once each, whatever order the boxes were ticked in.
    else preferences.newsletter_topics = NEWSLETTER_TOPICS.filter((topic) => given.includes(topic));
  }
  return { preferences, errors };
}

/** Whether this issue's topic reaches the person. */
export function wantsNewsletter(
  user: { newsletter?: boolean | null; newsletter_topics?: readonly string[] | null },
  topic: NewsletterTopic,
): boolean {
  return user.newsletter === true && (user.newsletter_topics ?? []).includes(topic);
}

export interface NewsletterIssue {
  topic: NewsletterTopic;
  subject: string;
  markdown: string;
}

/** One language's file of an issue: `---`, `topic:` and `subject:` lines, `---`, then Markdown. */
export function parseNewsletterIssue(source: string): NewsletterIssue {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source.replace(/^\uFEFF/, ''));
  if (!match) throw new Error('no front matter: start with a line "---", then "topic:" and "subject:", then "---"');
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^\s*([\w-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (pair) meta[pair[1]!] = pair[2]!.replace(/^(["'])(.*)\1$/, '$2');
  }
  const topic = meta.topic ?? '';
  if (!isNewsletterTopic(topic)) throw new Error(`topic "${topic}" is not one of ${NEWSLETTER_TOPICS.join(', ')}`);
  if (!meta.subject) throw new Error('no subject in the front matter');
  const markdown = match[2]!;
  if (!markdown.trim()) throw new Error('the issue is empty after its front matter');
  return { topic, subject: meta.subject, markdown };
}
