// Session expiry, new versions and the confirmation countdown, as a person meets them.
import { describe, expect, it } from 'vitest';
import { registerUser } from '../support/factories';
import { AppPage } from './support/app-page';
import { e2eHarness } from './support/harness';
import { newContext, screenshots } from './support/browser';

const e2e = e2eHarness();

async function signedInPage(viewport?: { width: number; height: number }) {
  const user = await registerUser(e2e.server.url);
  const context = await newContext(e2e.browser, e2e.server.url, viewport);
  const page = await context.newPage();
  const app = new AppPage(page);
  await app.login(user.email, user.password);
  await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
  return { user, context, page, app };
}

describe('session and shell', () => {
  it('opens the re-login modal, pre-filled, when the session ends, and carries on after signing in', async () => {
    const { user, context, page, app } = await signedInPage();
    await page.goto('/user/profile?page=user_tokens');
    await app.button('tokens.create').waitFor();
    await context.clearCookies();
    // Any call now meets a 401: here, reloading the tokens by switching tabs.
    await page.getByRole('tab', { name: app.t('profile.tabs.profile') }).click();
    await page.getByRole('tab', { name: app.t('profile.tabs.user_tokens') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(app.t('errors.Please-login-again')).waitFor();
    expect(await dialog.locator('[name="username"]').inputValue()).toBe(user.email);
    await screenshots(page, 'relogin');
    await dialog.locator('[name="password"]').fill('not the password');
    await dialog.getByRole('button', { name: app.t('login.submit') }).click();
    await dialog.getByText(app.t('errors.Email-or-password-is-incorrect')).waitFor();
    await dialog.locator('[name="password"]').fill(user.password);
    await dialog.getByRole('button', { name: app.t('login.submit') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    await context.close();
  });

  it('shows the new-version notice when the server answers with another version', async () => {
    const { context, page, app } = await signedInPage({ width: 390, height: 844 });
    const original = e2e.server.ctx.version;
    e2e.server.ctx.version = { version: `${original.version}-next`, sha: 'next' };
    try {
      await page.goto('/user/profile?page=data');
      await page.getByText(app.t('newVersion.message')).waitFor();
      await screenshots(page, 'new-version');
    } finally {
      e2e.server.ctx.version = original;
    }
    await context.close();
  });

  it('counts the confirmation days down, in the singular for the last day', async () => {
    const user = await registerUser(e2e.server.url);
    const context = await newContext(e2e.browser, e2e.server.url);
    // The browser lives 29.5 days after the sign-up; the server keeps the real time.
    await context.clock.install({ time: new Date(Date.now() + 29.5 * 24 * 3600_000) });
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.login(user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
    await page.getByText(app.t('banner.daysLeft_one', { count: 1 })).waitFor();
    await app.chooseLanguage('pt-BR');
    await page.getByText(app.t('banner.daysLeft_one', { count: 1 })).waitFor();
    await screenshots(page, 'banner-last-day-pt');
    await context.close();
  });
});
