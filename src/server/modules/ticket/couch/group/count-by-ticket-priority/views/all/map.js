function (doc) {
  if (doc.klass === 'Ticket') emit(doc.priority || 'low', 1);
}
