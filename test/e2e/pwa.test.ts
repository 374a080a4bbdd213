// The installable app: manifest and service worker pass Chromium's installability check, the
// shell opens offline, and a new build deployed on the server is offered and taken on reload.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { AppPage } from './support/app-page';
import { launchProfile, screenshots } from './support/browser';
import { e2eHarness } from './support/harness';

const e2e = e2eHarness();
const nextBuild = mkdtempSync(path.join(tmpdir(), 'moneta-next-build-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'moneta-profile-'));
let nextServer: TestServer | null = null;
afterAll(async () => {
  await nextServer?.stop();
  rmSync(nextBuild, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
});

const scriptSrc = (html: string) => /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];

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

    // Offline: the shell still comes from the device.
    await context.setOffline(true);
    await page.reload();
    await page
      .getByRole('link', { name: app.t('login.submit') })
      .first()
      .waitFor();
    await context.setOffline(false);

    // A new build is deployed: same data, same address, another version.
    execFileSync('npx', ['vite', 'build', '--outDir', nextBuild, '--emptyOutDir', '--logLevel', 'error'], {
      env: { ...process.env, APP_SHA: 'next' },
      stdio: 'ignore',
    });
    const port = new URL(e2e.server.url).port;
    await e2e.server.stop({ keepData: true });
    nextServer = await startTestServer({ dataDir: e2e.server.dataDir, env: { PORT: port, DIST_DIR: nextBuild } });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await page.getByText(app.t('newVersion.message')).waitFor();
    await screenshots(page, 'update-available');
    await page.getByRole('button', { name: app.t('newVersion.reload') }).click();
    const expected = scriptSrc(readFileSync(path.join(nextBuild, 'index.html'), 'utf8'));
    await expect
      .poll(() => page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src')))
      .toBe(expected);
    expect(await page.getByText(app.t('newVersion.message')).count()).toBe(0);
    await context.close();
  });
});
