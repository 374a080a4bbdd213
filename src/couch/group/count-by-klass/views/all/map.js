function (doc) {
  if (doc.klass) emit(doc.klass, 1);
}
