// What the group screens query, built on each device in the background after the first pull
// (src/data/indexes.ts), so no screen pays for an index or a view over every record.
import { registerIndexes, registerViews } from '../data/indexes';
import { RESOURCES } from '../domain/records';

registerIndexes('group', [
  ...RESOURCES.flatMap((spec) => spec.sort.map((field) => ['klass', field])),
  // Records pointing at another one (a customer's tickets), newest first as their lists sort.
  ...RESOURCES.flatMap((spec) =>
    spec.fields.filter((f) => f.type === 'reference').map((f) => ['klass', f.name, spec.defaultSort.field]),
  ),
  // A record's timeline (DocumentChange records by item).
  ['klass', 'item_id', 'created_at'],
  // The ticket board: one column per status, the latest changed first.
  ['klass', 'status', 'updated_at'],
]);
registerViews('group', [
  'search/by-word',
  'count-by-klass/all',
  'count-by-open-ticket-priority/all',
  'count-by-ticket-priority/all',
  'count-by-ticket-status/all',
]);
