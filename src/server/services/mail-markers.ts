// One e-mail to one person for one period, at most once across instances, restarts and retries:
// the weekly summary and the newsletter both send through here (docs/email.md).
import { type AppContext, SYSTEM_DB } from '../context.ts';
import type { CouchDoc } from '../store/couch-client.ts';
import { retryDelayMs } from './jobs.ts';

export type MarkerStatus = 'sending' | 'sent' | 'nothing' | 'failed' | 'gave-up';

export interface SentMarker extends CouchDoc {
  klass: 'MailSent';
  mail: string;
  period: string;
  user_id: string;
  status: MarkerStatus;
  attempts: number;
  /** While `sending`: when another run may take it over (the sender crashed). While `failed`: the next attempt. */
  until: string | null;
  last_error: string | null;
  sent_at: string | null;
}

/** Markers sort by e-mail, then period: one e-mail's old periods are one range of ids. */
export const markerPrefix = (mail: string) => `mail-sent:${mail}:`;
export const sentMarkerId = (mail: string, period: string, userId: string) =>
  `${markerPrefix(mail)}${period}:${userId}`;

/** As the job queue: 10 s, 20 s… then kept, never tried again, for a person to look at. */
const MAX_ATTEMPTS = 8;
/** A send that has not finished in this time is taken to have died with its instance. */
const SENDING_LEASE_MS = 10 * 60_000;

function mayTake(marker: SentMarker | null, now: string): boolean {
  if (!marker) return true;
  if (marker.status === 'failed' || marker.status === 'sending') return !marker.until || marker.until <= now;
  return false;
}

export interface OneMail {
  mail: string;
  period: string;
  userId: string;
  /**
   * Whether a failure waits its own back-off (a periodic sweep comes back often), or is left for
   * the next run of the job to try again at once (the job's own back-off spaces them).
   */
  backOff: boolean;
}

/**
 * Claims the person's marker with the store's revision check (another instance that claimed it
 * first sends it), runs `send`, and records what came of it. Null when it was not this run's to
 * send (already sent, or being sent, or waiting its back-off).
 */
export async function sendOnce(
  ctx: AppContext,
  { mail, period, userId, backOff }: OneMail,
  send: () => Promise<'sent' | 'nothing'>,
): Promise<MarkerStatus | null> {
  const id = sentMarkerId(mail, period, userId);
  const stored = await ctx.store.get<SentMarker>(SYSTEM_DB, id);
  const now = ctx.now();
  if (!mayTake(stored, now.toISOString())) return null;
  const claimed = await ctx.store.putIfCurrent<SentMarker>(SYSTEM_DB, {
    _id: id,
    ...(stored?._rev ? { _rev: stored._rev } : {}),
    klass: 'MailSent',
    mail,
    period,
    user_id: userId,
    status: 'sending',
    attempts: stored?.attempts ?? 0,
    until: new Date(now.getTime() + SENDING_LEASE_MS).toISOString(),
    last_error: stored?.last_error ?? null,
    sent_at: null,
  });
  if (!claimed) return null;
  let status: MarkerStatus;
  let error: string | null = null;
  try {
    status = await send();
  } catch (failure) {
    error = (failure as Error).message;
    status = 'failed';
  }
  const attempts = claimed.attempts + (error ? 1 : 0);
  if (error) {
    if (backOff && attempts >= MAX_ATTEMPTS) status = 'gave-up';
    ctx.config.log(`mail: ${mail.replaceAll('-', ' ')} ${period} to ${userId} failed (attempt ${attempts}): ${error}`);
  }
  const done = ctx.now();
  await ctx.store.put(SYSTEM_DB, {
    ...claimed,
    status,
    attempts,
    until: status === 'failed' && backOff ? new Date(done.getTime() + retryDelayMs(attempts)).toISOString() : null,
    last_error: error,
    sent_at: status === 'sent' ? done.toISOString() : null,
  });
  return status;
}
