// The public pages a visitor opens first (home, login), rendered at build time in each language
// (vite.config.ts runs this in Node after the browser build). The browser shows them before any
// script has run, and the app takes the markup over (hydrateRoot in main.tsx) instead of drawing
// it again. The markup is the same in light and dark: the theme's colours are CSS variables.
import i18next, { type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '../domain/locale.ts';
import { AppProviders } from './app-providers.tsx';
import { i18nOptions } from './i18n-options.ts';
import { PAGES } from './pages.tsx';
import { shellRoutes } from './shell-routes.tsx';

/** The pages rendered ahead, by route name: those a visitor without a session lands on. */
export const PRERENDERED = ['home', 'user#login'] as const;

export interface PrerenderedPage {
  name: (typeof PRERENDERED)[number];
  path: string;
  locale: Locale;
  title: string;
  /** The page's styles, for <head>. */
  styles: string;
  /** The content of #root. */
  html: string;
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

/** `resources`: each language's texts, as i18next takes them. */
export async function prerender(resources: Resource): Promise<PrerenderedPage[]> {
  await i18next.use(initReactI18next).init(i18nOptions('en', resources));
  const pages: PrerenderedPage[] = [];
  for (const name of PRERENDERED) {
    const page = PAGES.find((p) => p.handle.name === name)!;
    const path = page.paths[0]!;
    const { default: Page } = await page.load();
    const handler = createStaticHandler(shellRoutes([{ path, handle: page.handle, element: <Page /> }]));
    for (const locale of Object.keys(resources) as Locale[]) {
      await i18next.changeLanguage(locale);
      const context = await handler.query(new Request(`http://localhost${path}`));
      if (context instanceof Response) throw new Error(`${name}: the router answered ${context.status}`);
      const router = createStaticRouter(handler.dataRoutes, context);
      const rendered = renderToString(
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );
      // A part that failed or waited on the server comes out as its fallback, to be drawn again
      // in the browser: the page would not be the one the app takes over.
      if (/<!--\$[!?]-->/.test(rendered)) throw new Error(`${name} (${locale}): a part could not be rendered ahead`);
      pages.push({ name, path, locale, title: `${i18next.t(page.handle.title)} · Moneta`, ...hoistStyles(rendered) });
    }
  }
  return pages;
}
