// A write made on the server (an update handler, an /api call) reaches the device through sync,
// a moment later. A screen that reloads right after its own server write must not trust a live
// sync that looked current before that write: this counts the writes so it can tell.
let writes = 0;

/** Called for every request that may change something on the server. */
export function noteServerWrite(): void {
  writes++;
}

/** How many server writes this page has made so far. */
export function serverWrites(): number {
  return writes;
}
