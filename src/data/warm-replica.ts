// A group page loaded from the address bar waits for the session check, then the signed-in
// shell's code, before it opens the group's replica: about 600 ms in a row (docs/benchmarks.md, bench:tickets
// profile). A replica this device already holds is opened meanwhile, and the lists' kept fields
// read into memory, so the page finds them ready. Nothing is created or sent: a group never
// opened here is left alone.
import { isId } from '../domain/ids.ts';
import { localDb, registeredReplicas } from './databases.ts';
import { LIST_VIEW } from './kept-lists.ts';
import { keptRows } from './reduced-views.ts';

export function warmReplica(name: string): void {
  if (!isId(name, 'acc') || !registeredReplicas().includes(name)) return;
  const db = localDb(name);
  void keptRows(db, LIST_VIEW).catch(() => undefined);
}
