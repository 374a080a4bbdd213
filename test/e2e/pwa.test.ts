// The installable app: manifest and service worker pass Chromium's installability check, the
// shell and the texts of the languages used open offline, and a new build deployed on the server
// is offered and taken on reload.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { entryScript } from '../support/built-page.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { AppPage } from './support/app-page.ts';
import { launchProfile, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();
const nextBuild = mkdtempSync(path.join(tmpdir(), 'moneta-next-build-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'moneta-profile-'));
let nextServer: TestServer | null = null;
afterAll(async () => {
  await nextServer?.stop();
  rmSync(nextBuild, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
});

const LOCALE_EN = /^\/locales\/en\/translation\.json\?v=[0-9a-f]{10}$/;
const LOCALE_PT = /^\/locales\/pt-BR\/translation\.json\?v=[0-9a-f]{10}$/;
const relativeUrl = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** What one of the worker's caches holds, as paths with their query. */
function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const requests = await (await caches.open(name)).keys();
    return requests.map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }, cacheName);
}

describe('the installable app', () => {
  it('is installable, opens offline, and offers a newly deployed version', async () => {
    // Installability needs a real profile: incognito contexts are never installable.
    const context = await launchProfile(profileDir, e2e.server.url);
    const page = context.pages()[0] ?? (await context.newPage());
    const app = new AppPage(page);
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const cdp = await context.newCDPSession(page);
    const installability = await cdp.send('Page.getInstallabilityErrors');
    expect(installability).toEqual({ installabilityErrors: [] });
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/manifest\.webmanifest$/);

    // Translations are cached when used, by the worker at run time: not part of the precache.
    await expect.poll(() => cachedUrls(page, 'moneta-locales')).toEqual([expect.stringMatching(LOCALE_EN)]);
    const precache = (await page.evaluate(() => caches.keys())).find((name) => name.startsWith('workbox-precache'));
    expect((await cachedUrls(page, precache!)).filter((url) => url.startsWith('/locales/'))).toEqual([]);

    // Offline: the shell still comes from the device, and so do its texts.
    await context.setOffline(true);
    const englishOffline = page.waitForResponse((r) => LOCALE_EN.test(relativeUrl(r.url())));
    await page.reload();
    await page
      .getByRole('link', { name: app.t('login.submit') })
      .first()
      .waitFor();
    expect((await englishOffline).fromServiceWorker()).toBe(true);
    await context.setOffline(false);

    // Another language, chosen online, is cached as it is fetched and reads offline too.
    await app.chooseLanguage('pt-BR');
    await page
      .getByRole('link', { name: app.t('login.submit') })
      .first()
      .waitFor();
    await context.setOffline(true);
    const portugueseOffline = page.waitForResponse((r) => LOCALE_PT.test(relativeUrl(r.url())));
    await page.reload();
    await page
      .getByRole('link', { name: app.t('login.submit') })
      .first()
      .waitFor();
    expect((await portugueseOffline).fromServiceWorker()).toBe(true);
    await context.setOffline(false);
    await app.chooseLanguage('en');

    // Nothing of the server's routes is ever kept by the worker.
    const everyCached = (await Promise.all((await page.evaluate(() => caches.keys())).map((n) => cachedUrls(page, n))))
      .flat()
      .filter((url) => /^\/(db|api)(\/|$)/.test(url));
    expect(everyCached).toEqual([]);

    // A new build is deployed: same data, same address, another version. Served to this one
    // browser, it goes without its compressed copies (the server then sends the originals).
    execFileSync('npx', ['vite', 'build', '--outDir', nextBuild, '--emptyOutDir', '--logLevel', 'error'], {
      env: { ...process.env, APP_SHA: 'next', MONETA_PRECOMPRESS: 'off' },
      stdio: 'ignore',
    });
    const port = new URL(e2e.server.url).port;
    await e2e.server.stop({ keepData: true });
    nextServer = await startTestServer({ dataDir: e2e.server.dataDir, env: { PORT: port, DIST_DIR: nextBuild } });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await page.getByText(app.t('newVersion.message')).waitFor();
    await screenshots(page, 'update-available');
    await page.getByRole('button', { name: app.t('newVersion.reload') }).click();
    const expected = entryScript(readFileSync(path.join(nextBuild, 'index.html'), 'utf8'));
    await expect
      .poll(() =>
        page.evaluate(() => [...document.querySelectorAll('script[type="module"]')].at(-1)?.getAttribute('src')),
      )
      .toBe(expected);
    expect(await page.getByText(app.t('newVersion.message')).count()).toBe(0);
    await context.close();
  });
});
