// A person signs up, confirms from the e-mail, signs in, edits the profile, switches to
// Portuguese and the dark theme, and signs out — in real Chromium against the real server.
import { describe, expect, it } from 'vitest';
import { confirmUser, createGroup, registerUser, type TestUser } from '../support/factories.ts';
import { latestLink } from '../support/outbox.ts';
import { AppPage } from './support/app-page.ts';
import { e2eHarness } from './support/harness.ts';
import { DESKTOP, newContext, screenshots } from './support/browser.ts';

const e2e = e2eHarness();

/** The language saved in the person's account, as the server has it. */
async function savedLocale(user: TestUser): Promise<string | undefined> {
  const found = await user.client.post<{ docs: Array<{ value: string }> }>(`/db/${user.id}/_find`, {
    selector: { klass: 'Adjustment', key: 'locale' },
  });
  return found.body.docs[0]?.value;
}

describe('accounts in the browser', () => {
  it('register → confirm from the outbox → login → edit profile → pt-BR and dark → logout', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const app = new AppPage(page);
    const email = `e2e.${Date.now()}@example.com`;
    const password = 'a sturdy password';

    // The browser checks the form before anything is sent.
    await page.goto('/user/register');
    await app.button('register.submit').click();
    await expect.poll(() => app.fieldError('unconfirmed_email').textContent()).toBe(app.t('errors.cant-be-blank'));
    await app.fill({ password: 'one password', password_confirmation: 'another one' });
    await app.button('register.submit').click();
    await expect.poll(() => app.fieldError('password_confirmation').textContent()).toBe(app.t('errors.doesnt-match'));
    await screenshots(page, 'register-errors');

    await app.register({ email, fullname: 'Joana Prado', password });
    await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
    await page.getByText(app.t('banner.daysLeft_other', { count: 30 })).waitFor();
    await screenshots(page, 'home-unconfirmed');

    // The link from the e-mail, opened in the browser.
    const { link } = await latestLink(e2e.server, email, '/user/confirm/');
    await page.goto(new URL(link).pathname);
    await page.getByText(app.t('confirmToken.confirmed', { email })).waitFor();
    await expect.poll(() => page.getByText(app.t('banner.daysLeft_other', { count: 30 })).count()).toBe(0);
    await screenshots(page, 'confirmed');

    await context.clearCookies();
    await page.goto('/user/login');
    await screenshots(page, 'login');
    await app.login(email, 'wrong password');
    await page.getByText(app.t('errors.Email-or-password-is-incorrect')).waitFor();
    await app.login(email, password);
    await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
    expect(await page.getByText(app.t('banner.daysLeft_other', { count: 30 })).count()).toBe(0);

    await page.goto('/user/profile');
    await app.field('fullname').fill('Joana Prado Lima');
    await app.field('current_password').fill(password);
    await app.button('profile.save').click();
    await page.getByText(app.t('profile.saved')).waitFor();
    await screenshots(page, 'profile');

    await app.chooseLanguage('pt-BR');
    await page.getByRole('tab', { name: app.t('profile.tabs.profile') }).waitFor();
    await app.toggleTheme();
    await expect.poll(() => app.backgroundColor()).not.toBe('rgb(255, 255, 255)');
    await screenshots(page, 'profile-pt-dark');
    await page.goto('/user/profile?page=user_tokens');
    await app.button('tokens.create').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[name="description"]').fill('Planilha de backup');
    await app.button('tokens.createSubmit').click();
    await expect.poll(() => dialog.locator('[name="token"]').inputValue()).toMatch(/^tok-[0-9a-f-]{36}\.[\w-]{40,}$/);
    await screenshots(page, 'token-created-pt-dark');
    await page.keyboard.press('Escape');
    await page.getByRole('cell', { name: 'Planilha de backup', exact: true }).waitFor();
    await screenshots(page, 'tokens-pt-dark');

    // What the browser did is on the server.
    const session = (await context.cookies()).find((c) => c.name === 'moneta_session')!;
    const check = async (path: string, body?: unknown) =>
      (await fetch(e2e.server.url + path, {
        method: body ? 'POST' : 'GET',
        headers: { cookie: `${session.name}=${session.value}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json())) as Record<string, unknown>;
    const ctx = (await check('/db/_session')) as { userCtx: { name: string } };
    const user = await check(`/db/_users/${ctx.userCtx.name}?fields=fullname,email,confirmed_at`);
    expect(user).toMatchObject({ fullname: 'Joana Prado Lima', email, confirmed_at: expect.any(String) });
    const locale = (await check(`/db/${ctx.userCtx.name}/_find`, {
      selector: { klass: 'Adjustment', key: 'locale' },
    })) as {
      docs: Array<{ value: string }>;
    };
    expect(locale.docs.map((d) => d.value)).toEqual(['pt-BR']);

    await app.logout();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await page.getByRole('button', { name: app.t('login.submit'), exact: true }).waitFor();
    await screenshots(page, 'login-pt-dark');
    expect((await context.cookies()).find((c) => c.name === 'moneta_session')).toBeUndefined();
    // The dialog's default is a shared device: the offline replicas went with the session.
    await page.waitForFunction(() => localStorage.getItem('moneta.replicas') === null);
    const replicas = await page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.includes('moneta-')),
    );
    expect(replicas).toEqual([]);

    // Signing in again applies the stored language.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    app.locale = 'en';
    await app.login(email, password);
    await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
    app.locale = 'pt-BR';
    await page.getByRole('button', { name: app.t('nav.userMenu') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the language picked on the login page after sign-in, in place of the saved one', async () => {
    const user = await registerUser(e2e.server.url); // signed up in English: its setting says en
    await confirmUser(e2e.server, user);
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    await page.goto('/user/login');
    await app.chooseLanguage('pt-BR');
    await app.button('login.submit').waitFor();
    await app.fill({ username: user.email, password: user.password });
    await app.button('login.submit').click();
    await page.waitForURL((url) => url.pathname === '/account/new');
    await app.heading('accountNew.title').waitFor();
    const saved = () => savedLocale(user);
    await expect.poll(saved).toBe('pt-BR');
    // Another device, nothing picked there: the saved setting is now Portuguese.
    const other = await newContext(e2e.browser, e2e.server.url);
    const second = new AppPage(await other.newPage());
    await second.login(user.email, user.password);
    second.locale = 'pt-BR';
    await second.heading('accountNew.title').waitFor();
    await other.close();
    await context.close();
  });

  it('keeps a language picked signed in whose save had not reached the server, and saves it later', async () => {
    const user = await registerUser(e2e.server.url); // its setting says en
    await confirmUser(e2e.server, user);
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.openSignedIn(user, '/account/new');
    await app.heading('accountNew.title').waitFor();
    // The save never arrives (offline, or the page reloaded before it did): writes to the
    // personal database fail while reads still answer with the old setting.
    const userDb = new RegExp(`/db/${user.id}(/[^_][^?]*)?(\\?.*)?$`);
    let refused = 0;
    await page.route(userDb, (route) =>
      ['PUT', 'POST'].includes(route.request().method()) ? (refused++, route.abort()) : route.fallback(),
    );
    await app.chooseLanguage('pt-BR');
    await app.heading('accountNew.title').waitFor();
    await expect.poll(() => refused).toBeGreaterThan(0);
    await page.unroute(userDb);
    const saved = () => savedLocale(user);
    expect(await saved()).toBe('en');
    await page.reload();
    await app.heading('accountNew.title').waitFor();
    await expect.poll(saved).toBe('pt-BR');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await context.close();
  });

  it('follows the device’s dark setting until the person picks a theme here', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: DESKTOP,
      locale: 'en-US',
      colorScheme: 'dark',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const app = new AppPage(page);
    await page.goto('/');
    await app.heading('landing.title').waitFor();
    const dark = await app.backgroundColor();
    expect(dark).toBe('rgb(14, 21, 19)');
    await app.toggleTheme();
    await expect.poll(() => app.backgroundColor()).not.toBe(dark);
    const picked = await app.backgroundColor();
    // The person's pick outlasts a reload, whatever the device says.
    await page.reload();
    await app.heading('landing.title').waitFor();
    expect(await app.backgroundColor()).toBe(picked);
    expect(picked).toBe('rgb(244, 247, 246)');
    await context.close();
  });

  it('takes a person with a waiting invitation to it after signing in, not to a new group', async () => {
    const owner = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, owner);
    const db = await createGroup(owner, 'Oficina Convite');
    const invited = await registerUser(e2e.server.url);
    await confirmUser(e2e.server, invited);
    const sent = await owner.client.post(`/api/groups/${db}/memberships`, { email: invited.email, editor: true });
    expect(sent.status).toBe(201);
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const app = new AppPage(page);
    await app.login(invited.email, invited.password);
    await page.waitForURL((url) => url.pathname === '/user/profile' && url.searchParams.get('page') === 'invites');
    await app.acceptButton('Oficina Convite').waitFor();
    await context.close();
  });

  it('resets a forgotten password from the e-mailed link', async () => {
    const context = await newContext(e2e.browser, e2e.server.url, { width: 390, height: 844 });
    const page = await context.newPage();
    const app = new AppPage(page);
    const email = `reset.${Date.now()}@example.com`;
    await app.register({ email, fullname: 'Rita Reis', password: 'first password' });
    await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
    // Reset links go to confirmed addresses only.
    await app.openMailLink((await latestLink(e2e.server, email, '/user/confirm/')).link);
    await page.getByText(app.t('confirmToken.confirmed', { email })).waitFor();
    await context.clearCookies();

    await page.goto('/user/password/new');
    await app.field('email').fill(email);
    await page.locator('button[type=submit]').click();
    await page.getByText(app.t('passwordNew.sent', { email })).waitFor();
    const { link } = await latestLink(e2e.server, email, '/user/password/');
    await page.goto(new URL(link).pathname);
    await app.fill({ password: 'second password', password_confirmation: 'second password' });
    await screenshots(page, 'password-reset');
    await page.locator('button[type=submit]').click();
    await page.getByText(app.t('passwordReset.done')).waitFor();

    // The same link a second time.
    await page.goto(new URL(link).pathname);
    await app.fill({ password: 'third password', password_confirmation: 'third password' });
    await page.locator('button[type=submit]').click();
    await page.getByText(app.t('errors.Token-already-used-or-expired-please-request-a-new-one')).waitFor();

    await app.login(email, 'second password');
    await page.waitForURL((url) => url.pathname === '/account/new'); // no groups yet: group creation
    await context.close();
  });
});
