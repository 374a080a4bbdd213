// The public pages' forms work as plain HTML forms (issue 29): with scripts off, and with scripts
// on but sent before the app has taken the page over. A secret never lands in an address, and a
// form never goes out twice.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../support/factories.ts';
import { AppPage, text } from './support/app-page.ts';
import { PHONE, screenshots } from './support/browser.ts';
import { e2eHarness } from './support/harness.ts';

const e2e = e2eHarness();
const SECRET = 'correct horse battery';

/** Every address the tab asked for, to check no secret went into one. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  return seen;
}

async function sessionCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => /session/i.test(cookie.name))?.value;
}

describe('the public forms', () => {
  for (const locale of ['en', 'pt-BR'] as const) {
    it(`sign up, sign in and ask for a reset with scripts off, with each message under its field (${locale})`, async () => {
      const context = await e2e.browser.newContext({
        baseURL: e2e.server.url,
        viewport: PHONE,
        locale,
        javaScriptEnabled: false,
        serviceWorkers: 'block',
      });
      const tab = await context.newPage();
      const addresses = addressesOf(tab);
      const app = new AppPage(tab);
      app.locale = locale;
      const t = (key: string, vars?: Record<string, string>) => text(locale, key, vars);

      // Sign-up: the page's own checks, drawn by the server under each field.
      const email = uniqueEmail('noscript');
      await tab.goto('/user/register');
      await app.fill({
        unconfirmed_email: email,
        fullname: 'Ana Técnica',
        password: SECRET,
        password_confirmation: 'other',
      });
      await app.button('register.submit').click();
      await expect.poll(() => app.fieldError('password_confirmation').textContent()).toBe(t('errors.doesnt-match'));
      expect(await app.field('unconfirmed_email').inputValue()).toBe(email);
      expect(await app.field('password').inputValue()).toBe('');
      await screenshots(tab, `public-forms-noscript-register-${locale}`);
      await app.fill({ password: SECRET, password_confirmation: SECRET });
      await app.field('terms').check();
      await app.button('register.submit').click();
      await app.waitForPath('/');
      expect(await sessionCookie(tab)).toBeTruthy();
      await context.clearCookies();

      // Sign-in: refused with the server's reason, then signed in.
      await tab.goto('/user/login');
      await app.fill({ username: email, password: 'not it' });
      await app.button('login.submit').click();
      await tab.getByText(t('errors.Email-or-password-is-incorrect')).waitFor();
      expect(await app.field('username').inputValue()).toBe(email);
      await screenshots(tab, `public-forms-noscript-login-${locale}`);
      await app.fill({ password: SECRET });
      await app.button('login.submit').click();
      await app.waitForPath('/');
      expect(await sessionCookie(tab)).toBeTruthy();
      await context.clearCookies();

      // A reset link: a bad address is refused under its field, a good one is said to be on its way.
      await tab.goto('/user/password/new');
      await app.fill({ email: 'not an address' });
      await app.button('passwordNew.submit').click();
      await expect.poll(() => app.fieldError('email').textContent()).toBe(t('errors.is-invalid'));
      await app.fill({ email });
      await app.button('passwordNew.submit').click();
      await tab.getByRole('status').getByText(t('passwordNew.sent', { email })).waitFor();
      await screenshots(tab, `public-forms-noscript-reset-${locale}`);

      expect(addresses.filter((address) => address.includes(encodeURIComponent(SECRET).slice(0, 7)))).toEqual([]);
      expect(addresses.filter((address) => /password=|correct/.test(address))).toEqual([]);
      await context.close();
    });
  }

  it('with scripts on, go out once: as a form before the app takes the page over, as a call after', async () => {
    const user = await registerUser(e2e.server.url);
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: PHONE, serviceWorkers: 'block' });
    const tab = await context.newPage();
    const app = new AppPage(tab);
    const sent: string[] = [];
    const signIns = (request: Request) =>
      request.method() === 'POST' && /\/(user\/login|db\/_session)$/.test(new URL(request.url()).pathname);
    tab.on('request', (request) => signIns(request) && sent.push(new URL(request.url()).pathname));
    // The app's code held back: the page is drawn, its scripts have not arrived.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route('**/assets/*.js', async (route) => {
      await held;
      // The form's post has navigated away meanwhile: the browser dropped these requests.
      await route.continue().catch(() => undefined);
    });
    await tab.goto('/user/login');
    await app.fill({ username: user.email, password: user.password });
    await app.field('password').press('Enter');
    await app.waitForPath('/');
    expect(sent).toEqual(['/user/login']);
    release();
    await tab.unroute('**/assets/*.js');

    // Signed out again, the page taken over: the app's call, once, and no form post.
    await context.clearCookies();
    sent.length = 0;
    await tab.goto('/user/login');
    await tab.locator('html[data-running]').waitFor({ state: 'attached' });
    await app.fill({ username: user.email, password: user.password });
    await app.field('password').press('Enter');
    await app.waitForPath('/');
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent).toEqual(['/db/_session']);
    await context.close();
  });
});
