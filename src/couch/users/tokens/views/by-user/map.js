function (doc) {
  if (doc.klass === 'UserToken') emit([doc.user_id, doc.created_at], null);
}
