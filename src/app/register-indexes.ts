// What the group screens query, made on each device in the background after the first pull
// (src/data/indexes.ts), so no screen pays for it: the records' list fields (one pass over the
// documents answers every list, order and filter: src/data/kept-lists.ts), and the indexes and
// views each module declares.
import { registerIndexes, registerViews } from '../data/indexes.ts';
import { LIST_VIEW } from '../data/kept-lists.ts';
import { MODULES } from '../domain/modules/index.ts';

for (const module of MODULES) {
  registerIndexes('group', module.indexes, module.kind);
  registerViews('group', module.views, module.kind);
}
// Every group's: the lists, search, counters and the records in conflict.
registerViews('group', [LIST_VIEW, 'search/by-word', 'count-by-klass/all', 'conflicts/all']);
