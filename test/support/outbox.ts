// Reads the e-mails the server wrote to DATA_DIR/outbox (no SMTP_URL) and finds their links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** A server whose e-mails land in its outbox; its job queue sends them off the request path. */
export interface MailingServer {
  dataDir: string;
  ctx: { jobs: { idle: () => Promise<void> } };
}

/** The e-mails written so far, once the server has sent every one it had queued. */
export async function readOutbox(server: MailingServer): Promise<OutboxMail[]> {
  await server.ctx.jobs.idle();
  const dir = path.join(server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'utf8');
      const header = raw.slice(0, raw.indexOf('\n\n'));
      const unfolded = header.replace(/\n[ \t]+/g, ' ');
      const field = (n: string) => new RegExp(`^${n}: (.*)$`, 'mi').exec(unfolded)?.[1]?.trim() ?? '';
      return { file: name, to: field('To'), subject: decodeHeader(field('Subject')), text: decodeQuotedPrintable(raw) };
    });
}

/** The newest mail to `to` whose link path starts with `linkPrefix`, and that link. */
export async function latestLink(
  server: MailingServer,
  to: string,
  linkPrefix: string,
): Promise<{ mail: OutboxMail; link: string }> {
  const mails = (await readOutbox(server)).filter((m) => m.to.includes(to));
  for (const mail of mails.reverse()) {
    const match = new RegExp(`https?://[^\\s"<]+${linkPrefix.replace(/\//g, '\\/')}[^\\s"<]+`).exec(mail.text);
    if (match) return { mail, link: match[0] };
  }
  throw new Error(`no mail to ${to} with a ${linkPrefix} link`);
}
