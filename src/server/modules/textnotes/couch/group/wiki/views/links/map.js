function (doc) {
  // "Linked by" (issue 33): each target a handbook's text links to, once, keyed
  // ['title', title as links compare it] or ['ticket', number]; the notes linking to X are the
  // rows of X's key. The rules are src/domain/modules/textnotes/links.ts (`linkKeys`), written
  // here again in ES5 for CouchDB's engine; couch.test.ts checks on generated texts that both give
  // the same keys, and the device keeps these very rows (src/features/textnotes/api/wiki-index.ts).
  if (doc.klass !== 'Handbook' || doc._deleted || typeof doc.content !== 'string') return;
  function titleKey(title) {
    var text = typeof title.normalize === 'function' ? title.normalize('NFC') : title;
    return text.replace(/^\s+|\s+$/g, '').replace(/\s+/g, ' ').toLowerCase();
  }
  var seen = {};
  function found(target) {
    var ticket = /^#\s*(\d+-\d+)$/.exec(target.replace(/^\s+|\s+$/g, ''));
    var key = ticket ? ['ticket', ticket[1]] : ['title', titleKey(target)];
    var id = key[0] + '\u0000' + key[1];
    if (seen[id]) return;
    seen[id] = true;
    emit(key, null);
  }
  function linkAt(line, at) {
    var close = line.indexOf(']]', at + 2);
    if (close < 0) return -1;
    var inner = line.substring(at + 2, close);
    if (/[[\]]/.test(inner)) return -1;
    var bar = inner.indexOf('|');
    var target = (bar < 0 ? inner : inner.substring(0, bar)).replace(/^\s+|\s+$/g, '');
    if (target === '') return -1;
    found(target);
    return close + 2;
  }
  function scanLine(line) {
    var i = 0;
    while (i < line.length) {
      var ch = line.charAt(i);
      if (ch === '\\') {
        i += 2;
      } else if (ch === '`') {
        var run = 1;
        while (line.charAt(i + run) === '`') run++;
        var fence = new Array(run + 1).join('`');
        var close = line.indexOf(fence, i + run);
        // A closing run must be exactly as long as the opening one.
        while (close >= 0 && line.charAt(close + run) === '`') {
          var longer = close;
          while (line.charAt(longer) === '`') longer++;
          close = line.indexOf(fence, longer);
        }
        i = close < 0 ? i + run : close + run;
      } else if (ch === '[' && line.charAt(i + 1) === '[') {
        var end = linkAt(line, i);
        i = end < 0 ? i + 1 : end;
      } else {
        i += 1;
      }
    }
  }
  var lines = doc.content.split('\n');
  var open = null;
  for (var n = 0; n < lines.length; n++) {
    var line = lines[n];
    var opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      var closing = opening && opening[1];
      var bare = line.replace(/^\s+|\s+$/g, '');
      if (closing && closing.charAt(0) === open.charAt(0) && closing.length >= open.length && bare === closing) open = null;
    } else if (opening) {
      open = opening[1];
    } else {
      scanLine(line);
    }
  }
}
