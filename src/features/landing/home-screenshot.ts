// The public home's screenshot: the product's ticket board, taken by the end-to-end run
// (test/e2e/home-screenshots.test.ts, `UPDATE_HOME_SCREENSHOTS=1` to write them again) in each
// language and theme, and kept in public/screenshots/ beside the page's own files.
import type { Locale } from '../../domain/locale.ts';

export type HomeScreenshotTheme = 'light' | 'dark';

/** The size it is taken at and declared with, so the page keeps its place before it arrives. */
export const HOME_SCREENSHOT = { width: 1280, height: 720 } as const;

/** Its address below the site's root, without the leading slash. */
export function homeScreenshotPath(locale: Locale, theme: HomeScreenshotTheme): string {
  return `screenshots/home-${locale}-${theme}.webp`;
}
