function (doc) {
  // Words of each record's searchable fields, lowercased and without accents, keyed by kind:
  // the record lists find "joão 3-17" as the records holding a word starting with each term.
  // The field table is each described record's `search` (src/domain/records), written in when
  // the design document is compiled (src/server/store/design-docs.ts).
  // A number written with separators ("1-17", "SN-100.2", "98765-4321") is also a word without
  // them ("117"), as people type it.
  // The records a record points at are keyed [kind, '@' + their id], so a search can go through
  // them: the tickets of the customers named "ana" (src/data/record-list.ts).
  // ES5 only: CouchDB's JavaScript engine may be old.
  var FIELDS = $SEARCH_FIELDS;
  var REFERENCES = $REFERENCE_FIELDS;
  var FOLD = { a: 'àáâãäå', c: 'ç', e: 'èéêë', i: 'ìíîï', n: 'ñ', o: 'òóôõö', u: 'ùúûü', y: 'ýÿ' };
  var fields = FIELDS[doc.klass];
  if (!fields || doc._deleted) return;
  var refs = REFERENCES[doc.klass] || [];
  for (var r = 0; r < refs.length; r++) {
    var pointed = doc[refs[r]] instanceof Array ? doc[refs[r]] : [doc[refs[r]]];
    for (var p = 0; p < pointed.length; p++) {
      if (typeof pointed[p] === 'string' && pointed[p]) emit([doc.klass, '@' + pointed[p]], null);
    }
  }
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
    var tokens = folded.split(/\s+/);
    for (var t = 0; t < tokens.length && t < 400; t++) {
      var inner = tokens[t].replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
      if (/[0-9]/.test(inner) && /[^a-z0-9]/.test(inner)) words.push(inner.replace(/[^a-z0-9]+/g, ''));
    }
    for (var w = 0; w < words.length && w < 400; w++) {
      var word = words[w].substring(0, 30);
      if (word && !seen[word]) {
        seen[word] = true;
        emit([doc.klass, word], null);
      }
    }
  }
}
