function (doc) {
  // Words of each record's searchable fields, lowercased and without accents, keyed by kind:
  // the record lists find "joão 3-17" as the records holding a word starting with each term.
  // The field table is each described record's `search` (src/domain/records), written in when
  // the design document is compiled (src/server/store/design-docs.ts).
  // ES5 only: CouchDB's JavaScript engine may be old.
  var FIELDS = $SEARCH_FIELDS;
  var FOLD = { a: 'àáâãäå', c: 'ç', e: 'èéêë', i: 'ìíîï', n: 'ñ', o: 'òóôõö', u: 'ùúûü', y: 'ýÿ' };
  var fields = FIELDS[doc.klass];
  if (!fields || doc._deleted) return;
  var seen = {};
  for (var f = 0; f < fields.length; f++) {
    var value = doc[fields[f]];
    if (value === null || value === undefined) continue;
    var text = String(value instanceof Array ? value.join(' ') : value).toLowerCase();
    var folded = '';
    for (var c = 0; c < text.length; c++) {
      var ch = text.charAt(c);
      for (var plain in FOLD) {
        if (FOLD[plain].indexOf(ch) >= 0) {
          ch = plain;
          break;
        }
      }
      folded += ch;
    }
    var words = folded.split(/[^a-z0-9]+/);
    for (var w = 0; w < words.length && w < 400; w++) {
      var word = words[w].substring(0, 30);
      if (word && !seen[word]) {
        seen[word] = true;
        emit([doc.klass, word], null);
      }
    }
  }
}
