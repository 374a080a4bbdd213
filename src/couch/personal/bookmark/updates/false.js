function (doc, req) {
  if (!doc || doc.klass !== 'Membership') return [null, { code: 404, json: { error: 'not_found', reason: 'Not found' } }];
  doc.bookmark = false;
  return [doc, { json: { ok: true, id: doc._id, bookmark: false } }];
}
