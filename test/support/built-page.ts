/**
 * The entry script of a built page: the last of the scripts its inline loader asks for once the
 * page is drawn (vite.config.ts, loadScriptsAfterPaint).
 */
export function entryScript(html: string): string | undefined {
  return [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].at(-1)?.[1];
}
