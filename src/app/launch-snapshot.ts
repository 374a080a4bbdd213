import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { whenIdle } from '../data/idle.ts';
import { type LaunchSnapshot, writeLaunchSnapshot } from '../data/launch-snapshot.ts';
import { readStoredLocale } from '../data/preferences.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { LAUNCH_NAMES } from './launch-script.ts';
import { THEME_ATTRIBUTE } from './theme-script.ts';

/** On <main>: the address of the page drawn there (app-shell.tsx). */
export const DRAWN_PATH_ATTRIBUTE = 'data-drawn-path';

/** The address of the page drawn, which lags the address bar while a navigation is under way. */
export function drawnPath(root: ParentNode): string | null {
  return root.querySelector('main')?.getAttribute(DRAWN_PATH_ATTRIBUTE) ?? null;
}

/**
 * A page is drawn once its <main> has content and nothing in it says it is still waiting for its
 * records (`aria-busy`: the page spinner, a list before its first rows).
 */
export function pageDrawn(root: ParentNode): boolean {
  const main = root.querySelector('main');
  return main !== null && main.childElementCount > 0 && main.querySelector('[aria-busy="true"]') === null;
}

/** A selector's `:root`, `html` and `body`, which match nothing inside the kept page's shadow root. */
const DOCUMENT_ELEMENTS = /(^|[\s,>+~(])(:root|html|body)(?![\w-])/g;

export function scopedSelector(selector: string): string {
  return selector.replace(DOCUMENT_ELEMENTS, (_, before: string, name: string) =>
    name === 'body' ? `${before}[${LAUNCH_NAMES.body}]` : `${before}[${LAUNCH_NAMES.root}]`,
  );
}

/** emotion's class names: `css-` and a hash, then the component's label in development. */
const EMOTION_CLASS = /\.(css-[\w-]+)/g;

/**
 * A rule as text for the kept page, or '' when it styles none of its elements: a rule that names
 * emotion's classes is kept when one of them is on the page (a session's sheet holds the rules of
 * every page it has drawn).
 */
function ruleText(rule: CSSRule, used: ReadonlySet<string>): string {
  if (rule instanceof CSSStyleRule) {
    const classes = [...rule.selectorText.matchAll(EMOTION_CLASS)].map(([, name]) => name!);
    if (classes.length > 0 && !classes.some((name) => used.has(name))) return '';
    return `${scopedSelector(rule.selectorText)}{${rule.style.cssText}}`;
  }
  if (rule instanceof CSSMediaRule) {
    const inner = Array.from(rule.cssRules, (r) => ruleText(r, used)).join('');
    return inner && `@media ${rule.conditionText}{${inner}}`;
  }
  return rule.cssText;
}

/** The class names the markup uses. */
function classesOf(html: string): Set<string> {
  return new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(/\s+/)));
}

/**
 * The rules emotion inserted (MUI's and the app's) that style `html`: in a production build they
 * are in the sheet (insertRule), not in the <style> element's text.
 */
export function pageStyles(doc: Document, html: string): string {
  const used = classesOf(html);
  return Array.from(doc.querySelectorAll<HTMLStyleElement>('style[data-emotion]'), (style) => {
    const rules = style.sheet?.cssRules;
    return rules && rules.length > 0
      ? Array.from(rules, (rule) => ruleText(rule, used)).join('')
      : (style.textContent ?? '');
  }).join('');
}

/**
 * The root's markup as shown: what lies beyond the screen's bottom or right edge left out (the
 * launch shows the page's top, and a board's columns past the edge are so many more elements to
 * draw); without what is marked `data-not-kept`, kept as a blank of its size: what only says the
 * present (the sync status: a launch has not synced yet) and HTML the app did not draw itself
 * (a feed item's body: parsed a second time, markup can read differently, the way mutation XSS
 * works); nor pictures from object URLs (a file's preview), which end with the page.
 */
export function pageMarkup(root: HTMLElement): string {
  const view = root.ownerDocument.defaultView;
  const copy = root.cloneNode(true) as HTMLElement;
  const originals = root.querySelectorAll('*');
  const twins = copy.querySelectorAll('*');
  const gone = new Set<Element>();
  originals.forEach((element, i) => {
    const twin = twins[i]!;
    if (element.parentElement && gone.has(element.parentElement)) {
      gone.add(element);
      return;
    }
    const box = element.getBoundingClientRect();
    if (element.hasAttribute('data-not-kept')) {
      const blank = root.ownerDocument.createElement('span');
      blank.style.cssText = `display:inline-block;width:${box.width}px;height:${box.height}px`;
      twin.replaceWith(blank);
      gone.add(element);
    } else if (view && (box.top > view.innerHeight || box.left > view.innerWidth)) {
      twin.remove();
      gone.add(element);
    }
  });
  copy.querySelectorAll('img[src^="blob:"]').forEach((img) => img.removeAttribute('src'));
  return copy.innerHTML;
}

/**
 * Keeps the page as drawn for the next launch (src/data/launch-snapshot.ts), unless it is not
 * drawn yet, the kept one is still shown, or it holds a password field.
 */
export function keepLaunchSnapshot(user: string, db: string, doc: Document = document): boolean {
  const root = doc.getElementById('root');
  if (!root || doc.documentElement.hasAttribute(LAUNCH_NAMES.attribute) || !pageDrawn(root)) return false;
  if (root.querySelector('input[type="password"]')) return false;
  const view = doc.defaultView;
  const path = drawnPath(root);
  if (!view || !path) return false;
  const html = pageMarkup(root);
  const snapshot: LaunchSnapshot = {
    v: 1,
    path,
    user,
    db,
    width: view.innerWidth,
    theme: doc.documentElement.getAttribute(THEME_ATTRIBUTE) ?? '',
    lang: readStoredLocale() ?? '',
    html,
    css: pageStyles(doc, html),
  };
  return writeLaunchSnapshot(snapshot);
}

/** At the latest this long after the app's first drawing, the kept page gives way to the app's. */
export const LAUNCH_RELEASE_MS = 4000;

/**
 * Removes the kept page (drawn by the page's inline script, launch-script.ts) once the app has
 * drawn its own at the kept page's address, in the same frame, so the one gives way to the other
 * without a blank between; or once the app has drawn a page at another address than the
 * launch's and the kept page's (a sign-in, a redirect elsewhere); or after LAUNCH_RELEASE_MS. A
 * launch at the start address waits there for the redirect to the kept page.
 */
export function releaseLaunchSnapshot(root: HTMLElement, doc: Document = document): void {
  const shown = doc.getElementById(LAUNCH_NAMES.page);
  const view = doc.defaultView;
  if (!shown || !view) return;
  const launched = view.location.pathname + view.location.search;
  const kept = shown.getAttribute(LAUNCH_NAMES.path) ?? launched;
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    shown.remove();
    doc.documentElement.removeAttribute(LAUNCH_NAMES.attribute);
  };
  // Mutation callbacks run at the end of React's commit, before the browser paints it.
  const observer = new view.MutationObserver(() => {
    const drawn = drawnPath(root);
    if (drawn === null) return;
    if (drawn === kept ? pageDrawn(root) : drawn !== launched) release();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy', DRAWN_PATH_ATTRIBUTE],
  });
  const timer = setTimeout(release, LAUNCH_RELEASE_MS);
}

/** Tries to keep a page this long after it was opened, and again at this pace until it is drawn. */
const SETTLE_MS = 1000;
const SETTLE_TRIES = 10;

/**
 * While a group is open: its page is kept for the next launch once drawn and the browser idle,
 * and again whenever the app is hidden (a phone's app switcher, a closed tab), as it is then.
 */
export function useLaunchSnapshots(db: string): void {
  const user = useSessionStore((s) => (s.status === 'signed-in' ? (s.user?._id ?? null) : null));
  const { key } = useLocation();
  useEffect(() => {
    if (!user) return;
    const keep = () => keepLaunchSnapshot(user, db);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', keep);
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const settle = () => {
      void whenIdle().then(() => {
        if (live && !keep() && ++tries < SETTLE_TRIES) timer = setTimeout(settle, SETTLE_MS);
      });
    };
    timer = setTimeout(settle, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', keep);
    };
  }, [user, db, key]);
}
