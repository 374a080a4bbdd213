// The public pages a visitor opens (home, sign-in, sign-up, the e-mailed links), rendered by React
// on the server's side: the static ones at build time in each language (vite.config.ts runs this
// in Node after the browser build), the others by the server when asked (links with a token, and
// a page drawn again after a plain form post: src/server/routes/public-forms.ts). The browser
// shows them before any script has run, and the app takes the markup over (hydrateRoot in
// main.tsx) instead of drawing it again. The markup is the same in light and dark: the theme's
// colours are CSS variables.
import i18next, { type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { matchRoutes, type RouteObject, StaticRouter } from 'react-router';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain/locale.ts';
import { type PageRenderer, type PostedForm, postedFormScript } from '../domain/posted-form.ts';
import { withPostedForm } from '../components/posted-form.ts';
import { AppProviders } from './app-providers.tsx';
import { i18nOptions } from './i18n-options.ts';
import { PAGES, type PageRoute } from './pages.tsx';
import { Routed } from './routed.tsx';
import { shellRoutes } from './shell-routes.tsx';

/** The pages rendered at build time: those a visitor without a session lands on by address. */
export const PRERENDERED = ['/', '/user/login', '/user/register', '/user/confirm/new', '/user/password/new'] as const;

/** The pages that may be drawn for a visitor: every page that needs neither a session nor a group. */
const PUBLIC = PAGES.filter((page) => !page.auth && !page.group);
const PUBLIC_ROUTES: RouteObject[] = PUBLIC.flatMap((page) => page.paths.map((path) => ({ path, id: path })));

export interface RenderedPage {
  path: string;
  locale: Locale;
  title: string;
  /** The page's styles, for <head>. */
  styles: string;
  /** The content of #root. */
  html: string;
  posted: PostedForm | null;
}

/**
 * Emotion writes each style beside the first element that needs it, and the theme's variables
 * after the page: a browser painting while the page streams in would draw parts unstyled, then
 * move them. All of them go to <head> in their order; emotion finds them there when it starts.
 */
function hoistStyles(rendered: string): { styles: string; html: string } {
  const styles: string[] = [];
  const html = rendered.replace(/<style data-emotion="[^"]*">[\s\S]*?<\/style>/g, (tag) => {
    styles.push(tag);
    return '';
  });
  return { styles: styles.join(''), html };
}

/**
 * The theme's stylesheets (its colours as CSS variables, the baseline), for the app's own
 * index.html: emotion finds them there and takes them as they are, where every phone would
 * otherwise compile them at each start, in the first screen's longest task.
 */
export function themeStyles(): string {
  return hoistStyles(renderToString(<AppProviders>{null}</AppProviders>)).styles;
}

/** The public page a path opens, with the route pattern it matched (`/user/confirm/:token`). */
function publicPage(path: string): { page: PageRoute; pattern: string } | null {
  const id = matchRoutes(PUBLIC_ROUTES, path)?.at(-1)?.route.id;
  const page = id ? PUBLIC.find((p) => p.paths.includes(id)) : undefined;
  return page && id ? { page, pattern: id } : null;
}

async function renderPage(path: string, locale: Locale, posted: PostedForm | null): Promise<RenderedPage | null> {
  const found = publicPage(path);
  if (!found) return null;
  const { page, pattern } = found;
  const { default: Page } = await page.load();
  const routes = shellRoutes([{ path: pattern, handle: page.handle, element: <Page /> }]);
  await i18next.changeLanguage(locale);
  const rendered = withPostedForm(posted, () =>
    renderToString(
      <AppProviders>
        <StaticRouter location={path}>
          <Routed routes={routes} />
        </StaticRouter>
      </AppProviders>,
    ),
  );
  // A part that failed or waited on the server comes out as its fallback, to be drawn again
  // in the browser: the page would not be the one the app takes over.
  if (/<!--\$[!?]-->/.test(rendered)) throw new Error(`${path} (${locale}): a part could not be rendered ahead`);
  return { path, locale, title: `${i18next.t(page.handle.title)} · Moneta`, ...hoistStyles(rendered), posted };
}

/** The page as a whole document: the app's index.html with the page inside. */
export function pageDocument(template: string, page: RenderedPage): string {
  const root = `<div id="root">${page.html}</div>${page.posted ? postedFormScript(page.posted) : ''}`;
  const html = template
    // A public page works without scripts: the app's "needs JavaScript" notice is not for it.
    .replace(/<noscript>[^<]*<\/noscript>/, '')
    .replace(/<html lang="[^"]*">/, `<html lang="${page.locale}" data-visitor>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace('<div id="root"></div>', () => root);
  if (!html.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  return html;
}

async function startI18n(resources: Resource): Promise<void> {
  if (!i18next.isInitialized) await i18next.use(initReactI18next).init(i18nOptions('en', resources));
}

/** `resources`: each language's texts, as i18next takes them. */
export async function prerender(resources: Resource): Promise<RenderedPage[]> {
  await startI18n(resources);
  const pages: RenderedPage[] = [];
  for (const path of PRERENDERED) {
    for (const locale of Object.keys(resources) as Locale[]) {
      const page = await renderPage(path, locale, null);
      if (!page) throw new Error(`${path} is not a public page`);
      pages.push(page);
    }
  }
  return pages;
}

/**
 * The server's renderer. One page at a time: the language is i18next's, shared by every render,
 * and a page's render must not see another's switch.
 */
export async function createRenderer(resources: Resource, template: string): Promise<PageRenderer> {
  await startI18n(resources);
  let queue: Promise<unknown> = Promise.resolve();
  return (path, locale, posted) => {
    const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
    const next = queue.then(async () => {
      const page = await renderPage(path, language, posted);
      return page ? pageDocument(template, page) : null;
    });
    queue = next.catch(() => undefined);
    return next;
  };
}
