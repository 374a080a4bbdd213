// Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('test-results/screenshots');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A profile on disk, as a person's browser has: contexts of launchBrowser() are incognito. */
export async function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: ARGS,
    baseURL,
    viewport: DESKTOP,
    locale: 'en-US',
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  // The pages' errors, for whoever reads a failing run.
  if (process.env.E2E_LOG_CONSOLE) {
    context.on('page', (page) => {
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      page.on('console', (m) => m.type() === 'error' && console.log(`console: ${m.text()}`));
    });
  }
  return context;
}

/**
 * Waits until the page is settled: no part says it is busy (a button enabled once its data is read
 * starts a colour transition then), no skeleton stands for what is still loading, and no transition
 * (a drawer, ripples) is running. What axe reads and what moved are then what the page ends with.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .MuiSkeleton-root') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

export interface ScreenshotOptions {
  /** Runs after each resize, for what differs by width (a menu on desktop is a drawer on phones). */
  prepare?: (size: { width: number; height: number }) => Promise<void>;
  /** The whole page (default) or the viewport only, e.g. for an open drawer, which does not scroll with the page. */
  fullPage?: boolean;
}

/** Saves the page at phone and desktop widths: test-results/screenshots/<name>-390.png and -1280.png. */
export async function screenshots(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    if (options.prepare) await options.prepare(size);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `${name}-${size.width}.png`),
      fullPage: options.fullPage ?? true,
    });
  }
  await page.setViewportSize(original);
}
