// Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

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

/**
 * What each page said and met (console, errors, failed requests, navigations), kept for a failing
 * test's report: a step that times out on a loaded machine must leave more than its timeout.
 */
const journals = new WeakMap<Page, string[]>();
const JOURNAL_LINES = 300;
/** Contexts a failing test may have left open, persistent profiles included (the browser lists only its own). */
const openContexts = new Set<BrowserContext>();

function keepJournal(context: BrowserContext): void {
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  const start = Date.now();
  const watch = (page: Page) => {
    const journal: string[] = [];
    journals.set(page, journal);
    const note = (line: string) => {
      journal.push(`${((Date.now() - start) / 1000).toFixed(1)}s ${line}`);
      if (journal.length > JOURNAL_LINES) journal.shift();
      if (process.env.E2E_LOG_CONSOLE && !line.startsWith('navigated')) console.log(line);
    };
    page.on('console', (m) => note(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('requestfailed', (r) => note(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`navigated: ${frame.url()}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  // Where each tap landed, for a step that waits after a click the page never acted on.
  void context.addInitScript(() => {
    const name = (el: EventTarget | null) => {
      if (!(el instanceof Element)) return String(el);
      const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${role} "${text}"`;
    };
    for (const type of ['pointerdown', 'click']) {
      addEventListener(
        type,
        (event) => {
          const { clientX, clientY } = event as MouseEvent;
          console.debug(`[${type}] ${name(event.target)} at ${Math.round(clientX)},${Math.round(clientY)}`);
        },
        true,
      );
    }
  });
}

/** Saves each open page of a failed test (test-results/failures/) and prints where it was and what it said. */
export async function reportFailure(browser: Browser | undefined, testName: string): Promise<void> {
  const dir = path.resolve('test-results/failures');
  mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^\w-]+/g, '-').slice(0, 60);
  const contexts = new Set([...(browser?.contexts() ?? []), ...openContexts]);
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      n += 1;
      const file = path.join(dir, `${slug}-${n}.png`);
      const shot = page.screenshot({ path: file, timeout: 5000 }).then(
        () => `screenshot ${file}`,
        (error: Error) => `no screenshot: ${error.message.split('\n')[0]}`,
      );
      const text = page.evaluate(() => document.body?.innerText.slice(0, 600) ?? '', undefined).catch(() => '?');
      console.log(
        [
          `--- page ${n} of failed test "${testName}": ${page.url()}`,
          await shot,
          `text: ${(await text).replace(/\s+/g, ' ')}`,
          ...(journals.get(page) ?? ['(no journal)']),
        ].join('\n'),
      );
    }
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A profile on disk, as a person's browser has: contexts of launchBrowser() are incognito. */
export async function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: ARGS,
    baseURL,
    viewport: DESKTOP,
    locale: 'en-US',
  });
  keepJournal(context);
  return context;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface ContextOptions {
  /**
   * The app installs its service worker, as in a person's browser: only where a test goes offline
   * with pages not yet loaded, or is about the installed app. Installing precaches the whole build
   * (136 files, 2 MB), which cost a context about 2.5 s of the browser's CPU; every context did it
   * and CI is CPU-bound (docs/testing.md). The worker's own behaviour: pwa, offline, launch.
   */
  installs?: boolean;
}

/** Contexts whose pages cannot install the service worker (AppPage.installed() says so at once). */
const withoutWorker = new WeakSet<BrowserContext>();

export function blocksServiceWorker(context: BrowserContext): boolean {
  return withoutWorker.has(context);
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  { installs = false }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-US',
    serviceWorkers: installs ? 'allow' : 'block',
  });
  if (!installs) withoutWorker.add(context);
  keepJournal(context);
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

/**
 * Waits until the page has drawn twice since the call (a resize, a click, has been laid out and
 * its effects have started) and no transition or finite animation runs (a drawer, a menu opening,
 * a ripple): what a screenshot takes is where the page came to rest. Spinners, which never end,
 * are left to run.
 */
export async function still(page: Page): Promise<void> {
  const resting = () =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
  // A page with scripts off gets no animation frames, which Playwright's own waits poll on: its
  // transitions are looked at from here instead, until they end. (Parsing <noscript> tells
  // whether scripts run: its content is markup when they do not.)
  const scripts = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.innerHTML = '<noscript><i></i></noscript>';
    return probe.querySelector('noscript i') === null;
  });
  if (!scripts) {
    await expect.poll(() => page.evaluate(resting), { interval: 50 }).toBe(true);
    return;
  }
  // Headless Chromium now and then stops giving a page of a test with several people (each in a
  // window of its own) animation frames: requestAnimationFrame then never calls back, and CI's
  // groups test hung on it until its 120 s timeout. Frames are waited for a while, and when none
  // came the page is brought to the front (made the active window, which gets frames again).
  const framed = (ms: number) =>
    page.evaluate(
      (wait) =>
        new Promise<boolean>((resolve) => {
          setTimeout(() => resolve(false), wait);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        }),
      ms,
    );
  if (!(await framed(5000))) {
    await page.bringToFront();
    // CI (a load of 6 on 2 cores) once saw a page in front get none for 25 s while its timers ran.
    // A screenshot asks the compositor for a frame of its own, which runs the page's frame callbacks.
    if (!(await framed(5000))) {
      await page.screenshot({ timeout: 10_000 }).catch(() => null);
      if (!(await framed(10_000))) {
        const state = await page.evaluate(() => `${document.visibilityState}, focus ${document.hasFocus()}`);
        throw new Error(`no animation frame on ${page.url()} (${state}), even in front and after a screenshot`);
      }
    }
  }
  await page.waitForFunction(resting);
}

export interface ScreenshotOptions {
  /** Runs after each resize, for what differs by width (a menu on desktop is a drawer on phones). */
  prepare?: (size: { width: number; height: number }) => Promise<void>;
  /** The whole page (default) or the viewport only, e.g. for an open drawer, which does not scroll with the page. */
  fullPage?: boolean;
}

/**
 * Whether screenshots() saves images: yes on a developer's machine, to look at what was built;
 * not in CI (`.ci/run` sets E2E_SCREENSHOTS=0), where nobody looks at them and their capture (a
 * full-page raster and a PNG of each) was 4–7% of an end-to-end file's time on a CPU-bound run.
 */
const CAPTURE = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Shows the page at phone and desktop widths, each laid out and at rest (and `prepare`d), and
 * saves it there: test-results/screenshots/<name>-390.png and -1280.png (see CAPTURE).
 */
export async function screenshots(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  // The page photographed is the active window (see still()).
  await page.bringToFront();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await still(page);
    if (options.prepare) {
      await options.prepare(size);
      await still(page);
    }
    if (CAPTURE) {
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${size.width}.png`),
        fullPage: options.fullPage ?? true,
      });
    }
  }
  await page.setViewportSize(original);
}
