// Ticket numbers on this device (see src/domain/ticket-number.ts). The replica claims a series
// from the server once, while online, and keeps it with its own counter in a `_local` document:
// `_local` documents never replicate, so the series stays this replica's and follows no one.
import {
  formatTicketNumber,
  nextSequence,
  parseTicketNumber,
  seriesRange,
  TICKET_SERIES_MISSING,
} from '../../../domain/modules/ticket/ticket-number.ts';
import { isApiError } from '../../../data/api-error.ts';
import { localDb } from '../../../data/databases.ts';
import { request } from '../../../data/http-client.ts';
import type { Database, PouchDoc } from '../../../data/pouch.ts';
import { ensureIndex } from '../../../data/records.ts';

export const TICKET_SERIES_DOC = '_local/moneta-ticket-series';

interface SeriesDoc extends PouchDoc {
  series?: number;
  last?: number;
}

/** Two tabs of one browser share the replica: a write that lost to the other tab is tried again. */
const MAX_ATTEMPTS = 10;

const statusOf = (error: unknown) => (error as { status?: number }).status;

async function readSeriesDoc(replica: Database): Promise<SeriesDoc | null> {
  try {
    return (await replica.get(TICKET_SERIES_DOC)) as SeriesDoc;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

function validSeries(doc: SeriesDoc | null): number | null {
  const series = doc?.series;
  return typeof series === 'number' && Number.isSafeInteger(series) && series > 0 ? series : null;
}

/** Calls already under way, per replica, so concurrent callers share one claim. */
const claiming = new WeakMap<Database, Promise<number | null>>();

/**
 * The replica's series, claimed now if it has none and the device is online; null while that is
 * not possible (offline, or the server out of reach). Safe to call at every sign-in or sync.
 */
export function ensureTicketSeries(dbName: string, replica: Database = localDb(dbName)): Promise<number | null> {
  let pending = claiming.get(replica);
  if (!pending) {
    pending = claimSeries(dbName, replica).finally(() => claiming.delete(replica));
    claiming.set(replica, pending);
  }
  return pending;
}

async function claimSeries(dbName: string, replica: Database): Promise<number | null> {
  const known = validSeries(await readSeriesDoc(replica));
  if (known !== null) return known;
  if (globalThis.navigator?.onLine === false) return null;
  let claimed: number;
  try {
    const path = `/api/groups/${encodeURIComponent(dbName)}/ticket-series`;
    const answer = await request<{ series?: unknown }>('POST', path, { quiet: true });
    if (typeof answer?.series !== 'number' || !Number.isSafeInteger(answer.series) || answer.series < 1) {
      throw new Error(`ticket series: unexpected answer ${JSON.stringify(answer)}`);
    }
    claimed = answer.series;
  } catch (error) {
    // No answer at all is being offline by another name: the next call tries again.
    if (isApiError(error) && error.status === 0) return null;
    throw error;
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await readSeriesDoc(replica);
    // Another tab claimed one meanwhile: keep it (the series claimed here simply goes unused).
    const theirs = validSeries(doc);
    if (theirs !== null) return theirs;
    try {
      await replica.put({ _id: TICKET_SERIES_DOC, ...(doc?._rev ? { _rev: doc._rev } : {}), series: claimed, last: 0 });
      return claimed;
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
    }
  }
  throw new Error('ticket series: could not be stored on this device');
}

/** Sequences of `series` among the tickets already in the replica (written by any tab). */
async function sequencesInReplica(replica: Database, series: number): Promise<number[]> {
  await ensureIndex(replica, ['klass', 'number']);
  const { docs } = await replica.find({
    selector: { klass: 'Ticket', number: seriesRange(series) },
    fields: ['number'],
  });
  return docs.flatMap((doc) => {
    const parsed = parseTicketNumber(doc.number);
    return parsed && parsed.series === series ? [parsed.sequence] : [];
  });
}

/** Numbering on one replica goes one at a time; other tabs are handled by the revision check. */
const queues = new WeakMap<Database, Promise<unknown>>();

/**
 * The number for a new ticket, e.g. "3-17"; works offline. The counter moves before the ticket is
 * saved, so a ticket that is never saved leaves a gap, never a repeat. Throws an Error with
 * `TICKET_SERIES_MISSING` when this replica has not claimed a series yet.
 */
export function nextTicketNumber(dbName: string, replica: Database = localDb(dbName)): Promise<string> {
  const previous = queues.get(replica) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => takeNumber(replica));
  queues.set(replica, next);
  return next;
}

async function takeNumber(replica: Database): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = await readSeriesDoc(replica);
    const series = validSeries(doc);
    if (!doc || series === null) throw new Error(TICKET_SERIES_MISSING);
    const sequence = nextSequence(doc.last ?? 0, await sequencesInReplica(replica, series));
    try {
      await replica.put({ ...doc, last: sequence });
      return formatTicketNumber(series, sequence);
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
    }
  }
  throw new Error('ticket numbers: this device could not store its counter');
}
