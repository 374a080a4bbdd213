function (doc) {
  // One row per feed item: [subscription, read, starred, published]. Grouped at level 2 it counts
  // each subscription's read and unread items; the device keeps the rows themselves to page
  // through the reader's filters (src/data/reduced-views.ts). Flags are 0 or 1 so the keys sort.
  if (doc.klass !== 'ReaderItem' || doc._deleted || typeof doc.subscription_id !== 'string') return;
  emit([doc.subscription_id, doc.read === true ? 1 : 0, doc.starred === true ? 1 : 0, String(doc.point_at || '')], null);
}
