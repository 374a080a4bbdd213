// Ticket-number series (see src/domain/ticket-number.ts): each device replica of a group claims
// one, once, while online. One counter document per group database hands them out; several
// server instances may race for it, and CouchDB's revision check lets exactly one win each round.
import type { AppContext } from '../../context.ts';
import { conflict } from '../../http/http-error.ts';
import { isConflict } from '../../store/couch-client.ts';
import { requireMember } from '../../services/groups.ts';
import type { UserDoc } from '../../services/users.ts';

export const TICKET_SERIES_ID = 'ticket-series';
export const TICKET_SERIES_KLASS = 'TicketSeries';

interface TicketSeriesDoc {
  _id: typeof TICKET_SERIES_ID;
  _rev?: string;
  klass: typeof TICKET_SERIES_KLASS;
  /** The last series handed out; 0 or absent before the first. */
  last: number;
  updated_at?: string;
}

/** Enough for dozens of devices claiming in the same instant; each losing round costs one GET and one PUT. */
const MAX_ATTEMPTS = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims the group's next series for one of `user`'s device replicas. */
export async function allocateTicketSeries(ctx: AppContext, user: UserDoc, db: string): Promise<number> {
  await requireMember(ctx, user, db);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await ctx.store.get<TicketSeriesDoc>(db, TICKET_SERIES_ID);
    const last = current && Number.isSafeInteger(current.last) && current.last > 0 ? current.last : 0;
    const series = last + 1;
    try {
      await ctx.store.put<TicketSeriesDoc>(db, {
        _id: TICKET_SERIES_ID,
        ...(current?._rev ? { _rev: current._rev } : {}),
        klass: TICKET_SERIES_KLASS,
        last: series,
        updated_at: ctx.now().toISOString(),
      });
      return series;
    } catch (error) {
      if (!isConflict(error)) throw error;
      // Someone else took this one: spread the retries so racing requests do not collide in step.
      await pause(Math.random() * Math.min(50, 2 ** attempt));
    }
  }
  throw conflict();
}
