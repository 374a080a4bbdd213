// The monthly newsletter the operator writes (docs/email.md): a folder per issue
// (`newsletters/2026-12/`) with one Markdown file per language (`en.md`, `pt-BR.md`), each opening
// with a front matter naming its topic and subject. The command (src/server/cli/newsletter.ts)
// reads and renders the issue and files one job; whichever instance takes the job sends it to
// every person with a confirmed address who chose the topic, in their language (English when the
// issue has none in theirs). One marker per person and issue in `moneta-system`
// (`mail-sent:newsletter:<issue>:<user>`), claimed with the store's revision check before sending,
// so a second run of the command, a job retried or taken over by another instance, never sends
// twice. The same gap as the weekly summary's: a crash between the SMTP server's acceptance and
// the `sent` write may, after the claim's lease, send that one person the issue again.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../domain/locale.ts';
import { type NewsletterTopic, parseNewsletterIssue, wantsNewsletter } from '../../domain/newsletter.ts';
import { type AppContext, USERS_DB } from '../context.ts';
import type { JobQueue } from './jobs.ts';
import { mailTexts } from './mail.ts';
import { type MarkerStatus, sendOnce, sentMarkerId } from './mail-markers.ts';
import { preferencesLink, unsubscribeLink } from './unsubscribe.ts';
import type { UserDoc } from './users.ts';
import { allDocs } from './weekly-summary.ts';

export const NEWSLETTER_JOB = 'newsletter';

export interface NewsletterEdition {
  subject: string;
  html: string;
  text: string;
}

/** What the job carries: the issue rendered in each language it was written in. */
export interface NewsletterJob {
  issue: string;
  topic: NewsletterTopic;
  editions: Partial<Record<Locale, NewsletterEdition>>;
}

// No raw HTML from the file (an operator's slip must not reach thousands of mail clients as
// markup), links made clickable; the e-mail's card gives the look.
const markdown = new MarkdownIt({ html: false, linkify: true });
// Links in the brand's green, inline: mail clients drop style sheets.
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  tokens[index]!.attrSet('style', 'color:#0b6b5d');
  return self.renderToken(tokens, index, options);
};

/** An issue's name is its folder's: `2026-12`, letters, digits and `-_.` only (it keys the markers). */
const ISSUE_NAME = /^[\w.-]{1,64}$/;

/** Reads and renders an issue folder; throws, saying what to fix, when it cannot be sent. */
export function readNewsletterIssue(dir: string): NewsletterJob {
  const issue = path.basename(path.resolve(dir));
  if (!ISSUE_NAME.test(issue))
    throw new Error(`the folder's name "${issue}" names the issue: use letters, digits, - _ .`);
  const editions: NewsletterJob['editions'] = {};
  let topic: NewsletterTopic | null = null;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const locale = file.slice(0, -'.md'.length);
    if (!isLocale(locale)) throw new Error(`${file}: the languages are ${LOCALES.map((l) => `${l}.md`).join(', ')}`);
    let parsed;
    try {
      parsed = parseNewsletterIssue(readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
    if (topic && parsed.topic !== topic)
      throw new Error(`${file}: topic "${parsed.topic}", another file says "${topic}"`);
    topic = parsed.topic;
    editions[locale] = {
      subject: parsed.subject,
      html: markdown.render(parsed.markdown),
      text: parsed.markdown,
    };
  }
  if (!editions[DEFAULT_LOCALE] || !topic)
    throw new Error(`${DEFAULT_LOCALE}.md is missing: it is sent to whoever reads a language the issue lacks`);
  return { issue, topic, editions };
}

export const newsletterMarkerId = (issue: string, userId: string) => sentMarkerId('newsletter', issue, userId);

/** A failure is tried again by the job's next run, which its back-off spaces. */
function sendOne(ctx: AppContext, job: NewsletterJob, user: UserDoc): Promise<MarkerStatus | null> {
  return sendOnce(ctx, { mail: 'newsletter', period: job.issue, userId: user._id, backOff: false }, async () => {
    const locale = isLocale(user.locale) && job.editions[user.locale] ? user.locale : DEFAULT_LOCALE;
    const edition = job.editions[locale]!;
    await ctx.mailer.send({
      to: user.email!,
      locale,
      template: 'newsletter',
      link: ctx.config.publicUrl,
      vars: {
        name: user.fullname || user.email!,
        subject: edition.subject,
        topic: mailTexts(locale).preferences.topics[job.topic] ?? job.topic,
      },
      issue: { html: edition.html, text: edition.text },
      unsubscribe: unsubscribeLink(ctx, user._id, 'newsletter'),
      stops: 'newsletter',
      preferences: preferencesLink(ctx, user._id),
    });
    return 'sent';
  });
}

/**
 * Sends the issue to everyone who chose its topic and has not had it. A person's failure does
 * not stop the others; the job then fails as a whole, so the queue tries again later with its
 * back-off, and the markers keep those already served out of it.
 */
export async function sendNewsletter(ctx: AppContext, job: NewsletterJob): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for await (const user of allDocs<UserDoc>(ctx, USERS_DB, 'usr-', 'usr-\ufff0')) {
    if (user.klass !== 'User' || !user.email || !wantsNewsletter(user, job.topic)) continue;
    const status = await sendOne(ctx, job, user);
    if (status) counts[status] = (counts[status] ?? 0) + 1;
  }
  ctx.config.log(
    `mail: newsletter ${job.issue} (${job.topic}): ${counts.sent ?? 0} sent, ${counts.failed ?? 0} failed this run`,
  );
  if (counts.failed) throw new Error(`newsletter ${job.issue}: ${counts.failed} failed, tried again later`);
  return counts;
}

export function registerNewsletterJobs(jobs: JobQueue): void {
  jobs.register(NEWSLETTER_JOB, async (ctx, payload) => {
    await sendNewsletter(ctx, payload as unknown as NewsletterJob);
  });
}
