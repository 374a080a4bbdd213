function (doc) {
  if (doc.klass === 'Adjustment' && typeof doc.key === 'string') emit(doc.key, doc.value);
}
