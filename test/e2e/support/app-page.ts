// A page model of the app: methods say what a person does, selectors come from the UI's own
// translations, so a test reads the same in both languages.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestUser } from '../../support/factories.ts';
import { localeTexts, type Texts as Dict } from '../../support/locale-texts.ts';
import { blocksServiceWorker } from './browser.ts';

// Every text, the modules' included (locales/<lng>/<kind>.json beside translation.json).
const dictionaries: Record<string, Dict> = { en: localeTexts('en'), 'pt-BR': localeTexts('pt-BR') };

export function text(locale: 'en' | 'pt-BR', key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Dict | undefined = dictionaries[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`missing translation ${locale}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export class AppPage {
  locale: 'en' | 'pt-BR' = 'en';

  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  t(key: string, vars?: Record<string, string | number>): string {
    return text(this.locale, key, vars);
  }

  field(name: string) {
    return this.page.locator(`:is(input, select, textarea)[name="${name}"]`);
  }

  button(key: string) {
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  /**
   * Picks a record in a reference field (an autocomplete) by typing part of its title, and waits
   * until the field shows it: a click the list missed fails here, not at the save.
   */
  async pickReference(name: string, text: string): Promise<void> {
    await this.field(name).fill(text);
    await this.page.getByRole('option', { name: text }).first().click();
    await expect.poll(() => this.field(name).inputValue()).toContain(text);
  }

  /** The helper text under a field. */
  fieldError(name: string) {
    return this.page.locator(
      `.MuiFormControl-root:has(:is(input, select, textarea)[name="${name}"]) .MuiFormHelperText-root`,
    );
  }

  async register(values: {
    email: string;
    fullname: string;
    password: string;
    confirmation?: string;
    terms?: boolean;
  }) {
    await this.page.goto('/user/register');
    await this.fill({
      unconfirmed_email: values.email,
      fullname: values.fullname,
      password: values.password,
      password_confirmation: values.confirmation ?? values.password,
    });
    if (values.terms !== false) await this.field('terms').check();
    await this.button('register.submit').click();
  }

  /**
   * Opens `path` as `user`, already signed in: the session their API client holds is set in this
   * browser. A test starts at the screen it is about; the sign-in form is accounts.test.ts's.
   */
  async openSignedIn(user: Pick<TestUser, 'client'>, path: string): Promise<void> {
    await this.page.context().addCookies(user.client.browserCookies());
    await this.page.goto(path);
  }

  async login(email: string, password: string, remember = false): Promise<void> {
    await this.page.goto('/user/login');
    await this.fill({ username: email, password });
    if (remember) await this.field('remember').check();
    await this.button('login.submit').click();
  }

  /**
   * Opens a menu from its button and waits until it has grown to its place, as a person sees it
   * before tapping: an entry clicked while the menu still moves may be hit where it no longer is.
   */
  async openMenu(button: Locator): Promise<Locator> {
    await button.click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    // MUI's Grow leaves `transform: none` on the paper once it has entered.
    await this.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>('.MuiPopover-paper')].every((p) => p.style.transform === 'none'),
    );
    return menu;
  }

  async openUserMenu(): Promise<Locator> {
    return this.openMenu(this.page.getByRole('button', { name: this.t('nav.userMenu') }));
  }

  /** From the account menu when signed in, from the navbar's language button for visitors. */
  async chooseLanguage(locale: 'en' | 'pt-BR'): Promise<void> {
    const userMenu = this.page.getByRole('button', { name: this.t('nav.userMenu') });
    const menu = await this.openMenu(
      (await userMenu.count())
        ? userMenu
        : this.page.getByRole('button', { name: this.t('language.label'), exact: true }),
    );
    await menu.getByRole('menuitem', { name: this.t(`language.names.${locale}`) }).click();
    this.locale = locale;
  }

  async toggleTheme(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('nav.darkTheme') }).click();
  }

  /** Signs out from the account menu; the dialog's default removes this device's offline data. */
  async logout({ keepData = false } = {}): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: this.t('nav.logout') }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('nav.logoutTitle') });
    if (keepData) await dialog.getByRole('checkbox', { name: this.t('nav.logoutKeepData') }).check();
    await dialog.getByRole('button', { name: this.t('nav.logout'), exact: true }).click();
  }

  heading(key: string, vars?: Record<string, string | number>) {
    return this.page.getByRole('heading', { name: this.t(key, vars), exact: true });
  }

  link(key: string, vars?: Record<string, string | number>) {
    return this.page.getByRole('link', { name: this.t(key, vars), exact: true });
  }

  menuItem(key: string, vars?: Record<string, string | number>) {
    return this.page.getByRole('menuitem', { name: this.t(key, vars), exact: true });
  }

  /**
   * Installed as the app: the service worker has precached the build and controls the page (it
   * takes the first visit's page itself, sw/sw.ts), so the app works offline without a reload.
   */
  async installed(): Promise<void> {
    if (blocksServiceWorker(this.page.context())) {
      throw new Error('this context blocks the service worker: open it with newContext(…, { installs: true })');
    }
    await this.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }

  /** Waits until this device has synced the database at least once (its copy holds the server's data). */
  async synced(db: string): Promise<void> {
    await this.page.waitForFunction(
      (name) => (document.querySelector('[data-synced]')?.getAttribute('data-synced') ?? '').split(' ').includes(name),
      db,
      { timeout: 30_000 },
    );
  }

  /** Waits until no spinner or skeleton is left on the page (bars with a value, such as priorities, are content). */
  async settled(): Promise<void> {
    await this.page.waitForFunction(
      // A wait too short to show its spinner is still marked busy (src/app/use-lasting.ts).
      () => !document.querySelector('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow]), [aria-busy="true"]'),
    );
  }

  async waitForPath(path: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
  }

  /** The group id of the current page (/account/acc-…). */
  currentAccountId(): string {
    const id = /^\/account\/(acc-[0-9a-f-]{36})/.exec(new URL(this.page.url()).pathname)?.[1];
    if (!id) throw new Error(`not on a group page: ${this.page.url()}`);
    return id;
  }

  /** Opens a link from an e-mail in this browser (same origin as the test server). */
  async openMailLink(link: string): Promise<void> {
    const url = new URL(link);
    await this.page.goto(url.pathname + url.search);
  }

  /** On account#new: names the group, picks its app and lands on its dashboard; returns its id. */
  async createGroup(name: string, kind = 'ticket'): Promise<string> {
    await this.heading('accountNew.title').waitFor();
    await this.field('name').fill(name);
    await this.field('kind').selectOption(kind);
    await this.button('accountNew.submit').click();
    await this.waitForPath(/^\/account\/acc-[0-9a-f-]{36}$/);
    await this.heading('dashboard.title').waitFor();
    return this.currentAccountId();
  }

  /** The navbar's group switcher (desktop widths); returns the open menu. */
  async openSwitcher() {
    // The label around the group's name: what stays when the name is taken out.
    const [before, after] = this.t('nav.switchGroup', { name: '\u0000' }).split('\u0000');
    return this.openMenu(this.page.getByRole('button', { name: (before || after)! }));
  }

  /** The navbar's Others menu → one of its entries (nav.othersMenu.<entry>). */
  async openOthers(entry: string): Promise<void> {
    const menu = await this.openMenu(this.page.getByRole('button', { name: this.t('nav.others'), exact: true }));
    await menu.getByRole('menuitem', { name: this.t(`nav.othersMenu.${entry}`), exact: true }).click();
  }

  async openAdmin(): Promise<void> {
    await this.openOthers('admin');
    await this.waitForPath(/^\/account\/acc-[^/]+\/admin$/);
    await this.heading('admin.title').waitFor();
  }

  async openMemberships(): Promise<void> {
    await this.openOthers('memberships');
    await this.waitForPath(/^\/account\/acc-[^/]+\/memberships$/);
    await this.heading('memberships.title').waitFor();
  }

  /** From the memberships list: the invite form, sent, back on the list. */
  async inviteMember(email: string): Promise<void> {
    await this.link('memberships.new').click();
    await this.waitForPath(/\/memberships\/new$/);
    await this.field('email').fill(email);
    await this.button('memberships.invite').click();
    await this.waitForPath(/^\/account\/acc-[^/]+\/memberships$/);
  }

  /** Account menu → profile → one of its tabs. */
  async openProfileTab(tab: 'profile' | 'data' | 'groups' | 'invites' | 'user_tokens'): Promise<void> {
    await this.openUserMenu();
    await this.menuItem('nav.profile').click();
    await this.waitForPath('/user/profile');
    await this.page.getByRole('tab', { name: this.t(`profile.tabs.${tab}`) }).click();
    await this.page.waitForURL((url) => url.searchParams.get('page') === tab);
  }

  acceptButton(groupName: string) {
    return this.page.getByRole('button', { name: this.t('profile.invites.acceptNamed', { name: groupName }) });
  }

  /** On the invites tab: accepts and lands on the group's dashboard. */
  async acceptInvite(groupName: string): Promise<void> {
    await this.acceptButton(groupName).click();
    await this.waitForPath(/^\/account\/acc-[0-9a-f-]{36}$/);
    await this.heading('dashboard.title').waitFor();
  }

  /** On the groups tab: sets or clears the bookmark of one group and waits for the change. */
  async toggleBookmark(groupName: string, on: boolean): Promise<void> {
    const [from, to] = on ? ['bookmark', 'unbookmark'] : ['unbookmark', 'bookmark'];
    await this.page.getByRole('button', { name: this.t(`profile.groups.${from}`, { name: groupName }) }).click();
    await this.page.getByRole('button', { name: this.t(`profile.groups.${to}`, { name: groupName }) }).waitFor();
  }

  /** Signs out and in again, as the redirect after sign-in is what is being looked at. */
  async signInAgain(email: string, password: string): Promise<void> {
    await this.logout();
    await this.waitForPath('/user/login');
    await this.login(email, password);
  }

  async backgroundColor(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  }

  /** From the account menu: the sign-out dialog, open and not yet confirmed. */
  async openLogoutDialog() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: this.t('nav.logout') }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('nav.logoutTitle') });
    await dialog.waitFor();
    return dialog;
  }

  /** The app's local replicas in this browser's IndexedDB (`moneta-<db>`, whatever the adapter's prefix). */
  async offlineDatabases(): Promise<string[]> {
    return this.page.evaluate(async () =>
      (await indexedDB.databases()).flatMap((db) => /moneta-(.+)$/.exec(db.name ?? '')?.[1] ?? []),
    );
  }
}
