function (doc) {
  // What a wiki link may name, and the wiki's index: handbooks by title (with what the index
  // shows: the title as written, when it changed, its tags and icon), bookmarks by address, and
  // the records spec 001 §2's double brackets reach, in the order a link prefers them after a
  // note: customers by name, equipment by identifier, tickets by number. Keys carry everything
  // (the device keeps keys only): [kind, key as links compare it, ...what is shown].
  // Titles are compared as src/domain/modules/textnotes/links.ts `titleKey` does; ES5 only.
  if (doc._deleted) return;
  function titleKey(title) {
    var text = typeof title.normalize === 'function' ? title.normalize('NFC') : title;
    return text.replace(/^\s+|\s+$/g, '').replace(/\s+/g, ' ').toLowerCase();
  }
  function text(value) {
    return typeof value === 'string' ? value : '';
  }
  function tags(value) {
    var out = [];
    if (Object.prototype.toString.call(value) === '[object Array]') for (var i = 0; i < value.length; i++) if (typeof value[i] === 'string') out.push(value[i]);
    return out;
  }
  if (doc.klass === 'Handbook' && typeof doc.title === 'string') {
    emit(['Handbook', titleKey(doc.title), doc.title, text(doc.updated_at), tags(doc.categories), text(doc.icon)], null);
  } else if (doc.klass === 'Bookmark' && typeof doc.url === 'string') {
    emit(['Bookmark', doc.url.toLowerCase(), doc.url, text(doc.updated_at), tags(doc.tag_names), ''], null);
  } else if (doc.klass === 'Customer' && typeof doc.name === 'string') {
    emit(['Customer', titleKey(doc.name), doc.name], null);
  } else if (doc.klass === 'Equipment' && typeof doc.identifier === 'string') {
    emit(['Equipment', titleKey(doc.identifier), doc.identifier], null);
  } else if (doc.klass === 'Ticket' && typeof doc.number === 'string') {
    emit(['Ticket', doc.number, text(doc.title)], null);
  }
}
