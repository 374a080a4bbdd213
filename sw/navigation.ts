/**
 * Navigations the worker must leave to the network: the server's routes, the pages the server
 * draws for an e-mail's signed link (unsubscribe, preferences: the app has no such route) and the
 * static legal pages. /app.html is the app itself (spec 000 §2), so it is served from the precache.
 */
export const NAVIGATION_DENYLIST = [
  /^\/db(\/|$)/,
  /^\/api(\/|$)/,
  /^\/unsubscribe(\/|$)/,
  /^\/email-preferences(\/|$)/,
  /^\/(?!app\.html$)[^/]+\.html$/,
];

export function servedByApp(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}
