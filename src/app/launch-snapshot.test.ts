// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetLaunchSnapshot,
  type LaunchSnapshot,
  readLanding,
  readLaunchSnapshot,
  rememberLanding,
} from '../data/launch-snapshot.ts';
import { LAUNCH_NAMES, LAUNCH_SCRIPT } from './launch-script.ts';
import { keepLaunchSnapshot, pageDrawn, pageStyles, releaseLaunchSnapshot, scopedSelector } from './launch-snapshot.ts';

const PATH = '/account/acc-1/tickets?page=2';
const USER = 'usr-1';

function page(main: string): HTMLElement {
  const at = location.pathname + location.search;
  document.body.innerHTML = `<div id="root"><header><button data-not-kept data-sync-state="online">sync</button></header><main data-drawn-path="${at}">${main}</main></div>`;
  return document.getElementById('root')!;
}

beforeEach(() => {
  history.replaceState(null, '', PATH);
  localStorage.clear();
  localStorage.setItem('moneta.user', JSON.stringify({ _id: USER }));
  localStorage.setItem('moneta.locale', 'pt-BR');
  localStorage.setItem('moneta.replicas', JSON.stringify(['acc-1']));
  document.documentElement.setAttribute('data-theme', 'dark');
  document.documentElement.removeAttribute(LAUNCH_NAMES.attribute);
  document.documentElement.removeAttribute('data-visitor');
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a page drawn', () => {
  it.each([
    ['no main yet', '<div id="root"></div>', false],
    ['an empty main', '<div id="root"><main></main></div>', false],
    ['a main still busy', '<div id="root"><main><div aria-busy="true"></div></main></div>', false],
    [
      'a main with its content',
      '<div id="root"><main><h1>Tickets</h1><div aria-busy="false"></div></main></div>',
      true,
    ],
    [
      'a busy part outside main (the bar)',
      '<div id="root"><nav aria-busy="true"></nav><main><h1>x</h1></main></div>',
      true,
    ],
  ])('%s', (_, html, drawn) => {
    document.body.innerHTML = html;
    expect(pageDrawn(document.getElementById('root')!)).toBe(drawn);
  });
});

describe("the page's styles, for a shadow root", () => {
  it.each([
    [':root', '[data-launch-root]'],
    ['html', '[data-launch-root]'],
    ['body', '[data-launch-body]'],
    ['body::backdrop', '[data-launch-body]::backdrop'],
    ['*, *::before, *::after', '*, *::before, *::after'],
    ['[data-theme="dark"] .css-1x', '[data-theme="dark"] .css-1x'],
    ['html, body > .a', '[data-launch-root], [data-launch-body] > .a'],
    ['.tbody, .htmlish, #body-part', '.tbody, .htmlish, #body-part'],
  ])('%s → %s', (selector, scoped) => {
    expect(scopedSelector(selector)).toBe(scoped);
  });

  it("reads emotion's rules for the classes the page uses, not other style elements", () => {
    const style = document.createElement('style');
    style.setAttribute('data-emotion', 'css');
    style.textContent =
      'body{margin:0}.css-a{color:red}.css-b .MuiX{color:green}@media (min-width:600px){.css-c{color:blue}}';
    document.head.append(style, Object.assign(document.createElement('style'), { textContent: '.other{color:blue}' }));
    const css = pageStyles(document, '<div class="MuiX css-a"><p class="css-z"></p></div>');
    expect(css).toContain('[data-launch-body]');
    expect(css).toContain('.css-a');
    expect(css).not.toContain('.css-b');
    expect(css).not.toContain('@media');
    expect(css).not.toContain('.other');
  });
});

describe('keeping the page for the next launch', () => {
  it('keeps a drawn page with where, by whom and how it was drawn, without its live parts', () => {
    page('<h1>Tickets</h1><img src="blob:http://localhost/1"><img src="/icons/a.png">');
    expect(keepLaunchSnapshot(USER, 'acc-1')).toBe(true);
    const kept = readLaunchSnapshot()!;
    expect(kept).toMatchObject({ v: 1, path: PATH, user: USER, db: 'acc-1', theme: 'dark', lang: 'pt-BR' });
    expect(kept.width).toBe(window.innerWidth);
    expect(kept.html).toContain('<h1>Tickets</h1>');
    expect(kept.html).not.toContain('data-sync-state');
    expect(kept.html).not.toContain('blob:');
    expect(kept.html).toContain('/icons/a.png');
  });

  it('leaves out what lies past the screen’s bottom or right edge', () => {
    const root = page('<h1>Tickets</h1><p id="below">far</p><p id="right">wide</p>');
    const at = (top: number, left: number) => ({ top, left, width: 10, height: 10 }) as DOMRect;
    vi.spyOn(root.querySelector('#below')!, 'getBoundingClientRect').mockReturnValue(at(window.innerHeight + 1, 0));
    vi.spyOn(root.querySelector('#right')!, 'getBoundingClientRect').mockReturnValue(at(0, window.innerWidth + 1));
    keepLaunchSnapshot(USER, 'acc-1');
    const { html } = readLaunchSnapshot()!;
    expect(html).toContain('<h1>Tickets</h1>');
    expect(html).not.toContain('far');
    expect(html).not.toContain('wide');
  });

  it.each([
    ['for a group whose copy has left the device', () => page('<h1>Tickets</h1>'), 'acc-2'],
    [
      'once the person signed out in another tab',
      () => {
        page('<h1>Tickets</h1>');
        localStorage.removeItem('moneta.user');
      },
      'acc-1',
    ],
    ['still busy', () => page('<div aria-busy="true"></div>'), 'acc-1'],
    ['with a password field', () => page('<input type="password">'), 'acc-1'],
    [
      'while the kept one is still shown',
      () => {
        page('<h1>Tickets</h1>');
        document.documentElement.setAttribute(LAUNCH_NAMES.attribute, '');
      },
      'acc-1',
    ],
  ])('keeps nothing %s', (_, draw, db) => {
    draw();
    expect(keepLaunchSnapshot(USER, db)).toBe(false);
    expect(readLaunchSnapshot()).toBeNull();
  });

  it('keeps it for the start address too when that is where the start address led', () => {
    rememberLanding({ path: '/account/acc-1', db: 'acc-1' });
    history.replaceState(null, '', '/account/acc-1');
    page('<h1>Painel</h1>');
    keepLaunchSnapshot(USER, 'acc-1');
    expect(readLaunchSnapshot('home')?.path).toBe('/account/acc-1');
    history.replaceState(null, '', PATH);
    page('<h1>Tickets</h1>');
    keepLaunchSnapshot(USER, 'acc-1');
    expect(readLaunchSnapshot('last')?.path).toBe(PATH);
    expect(readLaunchSnapshot('home')?.path).toBe('/account/acc-1');
    // The start address now leads elsewhere (a second group): its page is no longer the one.
    rememberLanding(null);
    expect(readLaunchSnapshot('home')).toBeNull();
  });

  it('is forgotten with its group, not with another, and so is where the start address led', () => {
    rememberLanding({ path: '/account/acc-1', db: 'acc-1' });
    page('<h1>Tickets</h1>');
    keepLaunchSnapshot(USER, 'acc-1');
    forgetLaunchSnapshot('acc-2');
    expect(readLaunchSnapshot()).not.toBeNull();
    expect(readLanding()).toBe('/account/acc-1');
    forgetLaunchSnapshot('acc-1');
    expect(readLaunchSnapshot()).toBeNull();
    expect(readLanding()).toBeNull();
  });
});

function stored(overrides: Partial<LaunchSnapshot> = {}, key = 'moneta.launch'): void {
  const snapshot: LaunchSnapshot = {
    v: 1,
    path: PATH,
    user: USER,
    db: 'acc-1',
    width: window.innerWidth,
    theme: 'dark',
    lang: 'pt-BR',
    html: '<main><h1>Chamados</h1></main>',
    css: '[data-launch-body]{margin:0}',
    ...overrides,
  };
  localStorage.setItem(key, JSON.stringify(snapshot));
}

/** Runs the page's inline script; the closed shadow root it draws in, if any. */
function runScript(): ShadowRoot | null {
  document.body.innerHTML = '<div id="root"></div>';
  let shadow: ShadowRoot | null = null;
  const attach = HTMLElement.prototype.attachShadow;
  vi.spyOn(HTMLElement.prototype, 'attachShadow').mockImplementation(function (this: HTMLElement, init) {
    shadow = attach.call(this, init);
    return shadow;
  });
  new Function(LAUNCH_SCRIPT)();
  return shadow;
}

describe("the page's inline script", () => {
  it('draws the kept page in a closed shadow root over the empty app, with its theme', () => {
    stored();
    const shadow = runScript();
    expect(document.documentElement.hasAttribute(LAUNCH_NAMES.attribute)).toBe(true);
    const host = document.getElementById(LAUNCH_NAMES.page)!;
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.shadowRoot).toBeNull();
    expect(shadow!.querySelector('h1')?.textContent).toBe('Chamados');
    expect(shadow!.querySelector('[data-launch-root]')?.getAttribute('data-theme')).toBe('dark');
    expect(shadow!.querySelector('style')?.textContent).toContain('[data-launch-body]');
  });

  it('draws, at the start address, the page it led to last time', () => {
    history.replaceState(null, '', '/');
    stored({ path: '/account/acc-1' }, 'moneta.launch.home');
    const shadow = runScript();
    expect(shadow!.querySelector('h1')?.textContent).toBe('Chamados');
    expect(document.getElementById(LAUNCH_NAMES.page)!.getAttribute(LAUNCH_NAMES.path)).toBe('/account/acc-1');
  });

  it('draws nothing at the start address from the page last left', () => {
    history.replaceState(null, '', '/');
    stored({ path: '/' });
    expect(runScript()).toBeNull();
  });

  it.each<[string, () => void]>([
    ['another address', () => stored({ path: '/account/acc-1/customers' })],
    ['another person', () => stored({ user: 'usr-2' })],
    ['another width', () => stored({ width: window.innerWidth + 1 })],
    ['another theme', () => stored({ theme: 'light' })],
    ['another language', () => stored({ lang: 'en' })],
    ['an older format', () => stored({ v: 0 as 1 })],
    [
      'nobody signed in',
      () => {
        stored();
        localStorage.removeItem('moneta.user');
      },
    ],
    ['nothing kept', () => undefined],
    [
      'a page rendered ahead for a visitor',
      () => {
        stored();
        document.documentElement.setAttribute('data-visitor', '');
      },
    ],
    ['what is kept unreadable', () => localStorage.setItem('moneta.launch', '{')],
  ])('draws nothing for %s', (_, arrange) => {
    arrange();
    expect(runScript()).toBeNull();
    expect(document.getElementById(LAUNCH_NAMES.page)).toBeNull();
    expect(document.documentElement.hasAttribute(LAUNCH_NAMES.attribute)).toBe(false);
  });
});

describe('the kept page giving way', () => {
  function shown(): HTMLElement {
    stored();
    runScript();
    return document.getElementById('root')!;
  }
  const gone = () =>
    document.getElementById(LAUNCH_NAMES.page) === null &&
    !document.documentElement.hasAttribute(LAUNCH_NAMES.attribute);

  it("stays while the app's page waits for its records, goes once it is drawn", async () => {
    const root = shown();
    releaseLaunchSnapshot(root);
    root.innerHTML = `<main data-drawn-path="${PATH}"><h1>Chamados</h1><div aria-busy="true"></div></main>`;
    await Promise.resolve();
    expect(gone()).toBe(false);
    root.querySelector('[aria-busy]')!.setAttribute('aria-busy', 'false');
    await vi.waitFor(() => expect(gone()).toBe(true));
  });

  it('goes when the app went elsewhere (a sign-in page)', async () => {
    const root = shown();
    releaseLaunchSnapshot(root);
    history.replaceState(null, '', '/user/login');
    root.innerHTML = '<main data-drawn-path="/user/login"><h1>Entrar</h1></main>';
    await vi.waitFor(() => expect(gone()).toBe(true));
  });

  it('waits at the start address for the redirect to the kept page, then for that page', async () => {
    history.replaceState(null, '', '/');
    stored({ path: '/account/acc-1' }, 'moneta.launch.home');
    runScript();
    const root = document.getElementById('root')!;
    releaseLaunchSnapshot(root);
    root.innerHTML = '<main data-drawn-path="/"><h1>Home</h1></main>';
    await Promise.resolve();
    expect(gone()).toBe(false);
    // The redirect under way: the address bar has moved, the page drawn is still home's.
    history.replaceState(null, '', '/account/acc-1');
    root.querySelector('h1')!.textContent = 'Your groups';
    await Promise.resolve();
    expect(gone()).toBe(false);
    root.innerHTML = '<main data-drawn-path="/account/acc-1"><h1>Painel</h1><p aria-busy="true"></p></main>';
    await Promise.resolve();
    expect(gone()).toBe(false);
    root.innerHTML = '<main data-drawn-path="/account/acc-1"><h1>Painel</h1></main>';
    await vi.waitFor(() => expect(gone()).toBe(true));
  });

  it('goes after a while whatever the app drew', () => {
    vi.useFakeTimers();
    const root = shown();
    releaseLaunchSnapshot(root);
    expect(gone()).toBe(false);
    vi.advanceTimersByTime(4000);
    expect(gone()).toBe(true);
  });
});
