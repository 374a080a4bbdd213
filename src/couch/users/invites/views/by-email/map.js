function (doc) {
  if (doc.klass === 'Invite') emit(doc.email, null);
}
