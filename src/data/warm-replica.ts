// A group page loaded from the address bar waits for the session check, then the signed-in
// shell's code, before it opens the group's replica: about 600 ms in a row (docs/benchmarks.md, bench:tickets
// profile). A replica this device already holds is opened meanwhile, with the lists' kept view
// and its saved head, so the page finds them ready. Not the view's rows: a first page is answered
// from the head, and asking for the rows here made the list wait for all of them (10,000 tickets:
// about a second). Nothing is created or sent: a group never opened here is left alone.
import { isId } from '../domain/ids.ts';
import { localDb } from './databases.ts';
import { holdsReplica } from './replica-registry.ts';
import { LIST_VIEW } from './kept-lists.ts';
import { warmKeptView } from './reduced-views.ts';

/** Settles (never fails) once the replica and the view's head are open. */
export async function warmReplica(name: string): Promise<void> {
  if (!isId(name, 'acc') || !holdsReplica(name)) return;
  await warmKeptView(localDb(name), LIST_VIEW).catch(() => undefined);
}
