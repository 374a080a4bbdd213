// A page model of the app: methods say what a person does, selectors come from the UI's own
// translations, so a test reads the same in both languages.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

type Dict = { [key: string]: string | Dict };
const dictionaries: Record<string, Dict> = {
  en: JSON.parse(readFileSync('locales/en/translation.json', 'utf8')) as Dict,
  'pt-BR': JSON.parse(readFileSync('locales/pt-BR/translation.json', 'utf8')) as Dict,
};

export function text(locale: 'en' | 'pt-BR', key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Dict | undefined = dictionaries[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`missing translation ${locale}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export class AppPage {
  locale: 'en' | 'pt-BR' = 'en';

  constructor(readonly page: Page) {}

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

  async login(email: string, password: string, remember = false): Promise<void> {
    await this.page.goto('/user/login');
    await this.fill({ username: email, password });
    if (remember) await this.field('remember').check();
    await this.button('login.submit').click();
  }

  async openUserMenu(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('nav.userMenu') }).click();
  }

  async chooseLanguage(locale: 'en' | 'pt-BR'): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: this.t(`language.names.${locale}`) }).click();
    this.locale = locale;
  }

  async toggleTheme(): Promise<void> {
    await this.page
      .getByRole('button', { name: new RegExp(`${this.t('nav.darkTheme')}|${this.t('nav.lightTheme')}`) })
      .click();
  }

  async logout(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: this.t('nav.logout') }).click();
  }

  async backgroundColor(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  }
}
