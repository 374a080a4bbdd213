function (doc) {
  // Open means not finished: every status but done and cancel.
  if (doc.klass === 'Ticket' && doc.status !== 'done' && doc.status !== 'cancel') emit(doc.priority || 'low', 1);
}
