// The wiki's design document as sync brings it to a device (the server compiles it from these
// files, each trimmed), for tests and measurements of the device's index on fake IndexedDB,
// where the server's compiler (node:fs at its own path) is not at hand.
import entriesMap from '../../src/server/modules/textnotes/couch/group/wiki/views/entries/map.js?raw';
import linksMap from '../../src/server/modules/textnotes/couch/group/wiki/views/links/map.js?raw';

export function wikiDesignDoc() {
  return {
    _id: '_design/wiki',
    language: 'javascript',
    views: { links: { map: linksMap.trim() }, entries: { map: entriesMap.trim() } },
  };
}
