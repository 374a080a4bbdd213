// The public pages a visitor lands on come rendered ahead (src/app/prerender.tsx): drawn before
// any script, in the visitor's language and theme, then taken over by the app without being
// drawn again. The server picks the copy: none for a signed-in browser, the language by the
// cookie the app mirrors, else by Accept-Language; its inline scripts are allowed by hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confirmUser, registerUser } from '../support/factories.ts';
import { PHONE, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();

const TEXTS = {
  en: JSON.parse(readFileSync('locales/en/translation.json', 'utf8')),
  'pt-BR': JSON.parse(readFileSync('locales/pt-BR/translation.json', 'utf8')),
} as const;

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${e2e.server.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { res, html: await res.text() };
}

describe('public pages rendered ahead', () => {
  it('are sent whole, in the language the browser will start in, to visitors only', async () => {
    const portuguese = await page('/', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' });
    expect(portuguese.res.status).toBe(200);
    expect(portuguese.html).toContain('<html lang="pt-BR" data-visitor>');
    expect(portuguese.html).toContain(TEXTS['pt-BR'].landing.title);
    expect(portuguese.res.headers.get('vary')).toMatch(/Cookie/);

    // The language picked on the device (the cookie the app mirrors) wins over the browser's.
    const picked = await page('/user/login', { 'accept-language': 'pt-BR', cookie: 'moneta_locale=en' });
    expect(picked.html).toContain('<html lang="en" data-visitor>');
    expect(picked.html).toContain(`<title>${TEXTS.en.login.title} · Moneta</title>`);

    // Every inline script is allowed by its hash, and no other.
    const policy = picked.res.headers.get('content-security-policy') ?? '';
    const inline = [...picked.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    // The theme, the page kept for a launch (drawing nothing here), the held taps, the scripts
    // asked for once drawn.
    expect(inline.length).toBe(4);
    for (const body of inline)
      expect(policy).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).not.toContain('unsafe-inline');

    // A browser with a session gets the app's own page: its home is the user's groups.
    const owner = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, owner);
    await owner.client.post('/db/_session', { name: owner.email, password: owner.password });
    const signedIn = await page('/', { cookie: owner.client.cookieHeader });
    expect(signedIn.html).not.toMatch(/<html[^>]*data-visitor/);
    expect(signedIn.html).toContain('<div id="root"></div>');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`are drawn before any script and taken over as they are (${colorScheme})`, async () => {
      const context = await e2e.browser.newContext({
        baseURL: e2e.server.url,
        viewport: PHONE,
        colorScheme,
        locale: 'pt-BR',
        // The next page from the server, as a copy: not the service worker's page.
        serviceWorkers: 'block',
      });
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      // The page's elements as the HTML brought them, before any script: a page drawn again
      // would replace them.
      await tab.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const parsed = window as unknown as { parsed: Element[] };
          parsed.parsed = [...document.querySelectorAll('#root h1, #root form, #root input, #root footer')];
        });
      });
      await tab.goto('/user/login');
      const heading = tab.getByRole('heading', { level: 1, name: TEXTS['pt-BR'].login.title });
      await heading.waitFor();
      await expect
        .poll(() => tab.evaluate(() => document.documentElement.getAttribute('data-theme')))
        .toBe(colorScheme);
      await screenshots(tab, `public-login-prerendered-${colorScheme}`);
      // Taken over, not drawn again: a link moves within the app (the window's state survives).
      await tab.locator('html[data-running]').waitFor({ state: 'attached' });
      const kept = await tab.evaluate(() => {
        const { parsed } = window as unknown as { parsed: Element[] };
        return { parsed: parsed.length, connected: parsed.filter((element) => element.isConnected).length };
      });
      expect(kept.parsed).toBeGreaterThanOrEqual(5);
      expect(kept.connected).toBe(kept.parsed);
      // Known in the browser only, the contact address comes with the takeover (drawn again alone).
      await expect
        .poll(() => tab.locator('footer a[href^="mailto:"]').getAttribute('href'))
        .toBe(`mailto:contact@${new URL(e2e.server.url).hostname}`);
      await tab.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
      await tab.getByRole('link', { name: TEXTS['pt-BR'].login.forgotPassword }).click();
      await tab.getByRole('heading', { level: 1, name: TEXTS['pt-BR'].passwordNew.title }).waitFor();
      expect(await tab.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);

      // The theme switch works on the taken-over page and is kept for the next page drawn ahead.
      await tab.getByRole('button', { name: TEXTS['pt-BR'].nav.darkTheme }).click();
      const other = colorScheme === 'light' ? 'dark' : 'light';
      await expect.poll(() => tab.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(other);
      await tab.goto('/');
      await tab.getByRole('heading', { level: 1, name: TEXTS['pt-BR'].landing.title }).waitFor();
      expect(await tab.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(other);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("leave the theme's stylesheets to the app's own page, which brings them built", async () => {
    // A page not rendered ahead is the app's own: it carries the theme's colours as CSS variables
    // and the baseline, built at build time (src/app/prerender.tsx, themeStyles). A visitor
    // asking for a signed-in page gets it, and the app sends them on to sign in.
    const { html } = await page('/user/profile');
    expect(html).not.toMatch(/<html[^>]*data-visitor/);
    expect(html).toMatch(/<style data-emotion="css-global [^"]+">[^<]*--mui-palette-primary-main:/);
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, serviceWorkers: 'block' });
    const tab = await context.newPage();
    await tab.goto('/user/profile');
    await tab.locator('html[data-running]').waitFor({ state: 'attached' });
    await tab.locator('footer').waitFor();
    // Taken as they came: no rule with the theme's variables was compiled again in the browser.
    const sheets = await tab.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        shipped: (sheet.ownerNode?.textContent ?? '').includes('--mui-palette-primary-main:'),
        compiled: [...sheet.cssRules].filter(
          (rule) => !sheet.ownerNode?.textContent && rule.cssText.includes('--mui-palette-primary-main:'),
        ).length,
      })),
    );
    expect(sheets.filter((s) => s.shipped).length).toBeGreaterThan(0);
    expect(sheets.reduce((sum, s) => sum + s.compiled, 0)).toBe(0);
    await context.close();
  });

  it('follow the language picked on the page at the next visit', async () => {
    // The server's answer: once installed, the service worker would answer with the app's own page.
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: PHONE,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const tab = await context.newPage();
    await tab.goto('/user/login');
    await tab.getByRole('heading', { level: 1, name: TEXTS.en.login.title }).waitFor();
    await tab.getByRole('button', { name: TEXTS.en.language.label, exact: true }).click();
    await tab.getByRole('menuitem', { name: TEXTS.en.language.names['pt-BR'] }).click();
    await tab.getByRole('heading', { level: 1, name: TEXTS['pt-BR'].login.title }).waitFor();
    const response = await tab.reload();
    expect(await response!.text()).toContain('<html lang="pt-BR" data-visitor>');
    await context.close();
  });
});
