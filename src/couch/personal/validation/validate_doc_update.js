function (newDoc, oldDoc, userCtx) {
  // The server checks every write before it reaches the store; this is the store's own last line.
  if (newDoc._deleted) return;
  if (typeof newDoc.klass !== 'string' || !newDoc.klass) {
    throw { forbidden: 'klass: can\'t be blank' };
  }
}
