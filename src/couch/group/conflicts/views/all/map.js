function (doc) {
  // Records holding revisions from two devices that nobody settled yet, by kind: lists and the
  // navbar flag them (src/data/conflicts.ts). Map functions see `_conflicts` in CouchDB and PouchDB.
  if (doc.klass && doc._conflicts && doc._conflicts.length) emit(doc.klass, null);
}
