// Dependency-free: the build puts the script into index.html (vite.config.ts).
/**
 * Where the picked theme is kept, and the attribute on <html> that selects it. The page's first
 * paint reads them (THEME_SCRIPT) before any module runs, so a prerendered page and the app that
 * takes it over agree on the colours.
 */
export const THEME_STORAGE_KEY = 'moneta.theme';
export const THEME_ATTRIBUTE = 'data-theme';

/**
 * Run inline in <head> before the first paint (its hash is allowed by the page's CSP): the
 * picked theme, else the device's (spec 000 §4 says light by default; a phone set to dark at
 * night should not flash white at a customer's door). MUI's provider takes over from there.
 */
export const THEME_SCRIPT = `(function(){var m;try{m=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}if(m!=='light'&&m!=='dark')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('${THEME_ATTRIBUTE}',m)})()`;
