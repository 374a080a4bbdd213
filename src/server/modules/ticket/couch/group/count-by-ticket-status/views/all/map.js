function (doc) {
  // Keyed by what the ticket board filters on, so its column counts honour the filters too.
  if (doc.klass === 'Ticket' && doc.status) {
    emit([doc.status, doc.priority || 'low', doc.ticket_kind || null, doc.technical_id || null], 1);
  }
}
