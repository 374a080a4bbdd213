// What the group screens query, built on each device in the background after the first pull
// (src/data/indexes.ts), so no screen pays for an index or a view over every record: per module,
// each record's default list order and reference indexes (once the group holds such a record)
// and the indexes and views it declares.
import { registerIndexes, registerViews } from '../data/indexes.ts';
import { MODULES } from '../domain/modules/index.ts';

for (const module of MODULES) {
  // Records without a generic list (a feed's items: the reader pages through its own view) need
  // neither order nor reference indexes.
  for (const spec of module.records.filter((s) => !s.screens || s.screens.includes('index'))) {
    registerIndexes(
      'group',
      [
        // The list's default order; its other orders are built the first time someone sorts so.
        ['klass', spec.defaultSort.field],
        // Records pointing at another one (a customer's orders), newest first as their lists sort.
        ...spec.fields.filter((f) => f.type === 'reference').map((f) => ['klass', f.name, spec.defaultSort.field]),
      ],
      module.kind,
      [spec.klass],
    );
  }
  registerIndexes('group', module.indexes, module.kind);
  registerViews('group', module.views, module.kind);
}
// Every group's: a record's timeline (DocumentChange records by item), search, counters and the
// records in conflict.
registerIndexes('group', [['klass', 'item_id', 'created_at']], null, ['DocumentChange']);
registerViews('group', ['search/by-word', 'count-by-klass/all', 'conflicts/all']);
