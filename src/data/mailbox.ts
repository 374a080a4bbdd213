// The mailbox of system notifications, kept on this device (docs/email.md): one `_local`
// document in a local database of its own, never synced (a `_local` document does not
// replicate, and the posts are the public feed's, the same for everyone of a language). Read
// marks are therefore this device's; removed with everything else when a shared device signs out.
import { keepInMailbox, markRead, type MailboxEntry } from '../domain/mailbox.ts';
import type { SystemNotification } from '../domain/notifications.ts';
import { localDb } from './databases.ts';

const MAILBOX_DB = 'mailbox';
const DOC_ID = '_local/moneta-mailbox';

interface MailboxDoc {
  _id: string;
  _rev?: string;
  entries: MailboxEntry[];
}

const listeners = new Set<() => void>();

/** Called after every change here (another screen's read marks, newly kept posts). */
export function onMailboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function read(): Promise<MailboxDoc> {
  try {
    return (await localDb(MAILBOX_DB).get(DOC_ID)) as unknown as MailboxDoc;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return { _id: DOC_ID, entries: [] };
    throw error;
  }
}

async function change(next: (entries: MailboxEntry[]) => MailboxEntry[]): Promise<MailboxEntry[]> {
  // Two screens writing at once: the second reads again and applies its change over the first's.
  for (let attempt = 1; ; attempt++) {
    const doc = await read();
    const entries = next(doc.entries);
    try {
      await localDb(MAILBOX_DB).put({ ...doc, entries } as never);
      for (const listener of listeners) listener();
      return entries;
    } catch (error) {
      if ((error as { status?: number }).status !== 409 || attempt >= 3) throw error;
    }
  }
}

export async function listMailbox(): Promise<MailboxEntry[]> {
  return (await read()).entries;
}

export function keepNotifications(fetched: readonly SystemNotification[]): Promise<MailboxEntry[]> {
  return change((entries) => keepInMailbox(entries, fetched));
}

export function markNotificationsRead(urls: readonly string[], at: Date): Promise<MailboxEntry[]> {
  return change((entries) => markRead(entries, urls, at.toISOString()));
}
