// Dependency-free but for the storage keys: the build puts the script into index.html
// (vite.config.ts), and the server allows it by its hash.
import { STORAGE_KEYS } from '../data/preferences.ts';
import { THEME_ATTRIBUTE } from './theme-script.ts';

/**
 * The element the kept page is drawn in, the attribute on <html> while it is shown, the
 * performance mark set when it is, and the attributes its copy of <html> and <body> carry
 * (launch-snapshot.ts rewrites the styles' `:root`, `html` and `body` to them).
 */
export const LAUNCH_NAMES = {
  page: 'launch',
  /** On the kept page's element: the address it was drawn at. */
  path: 'data-path',
  attribute: 'data-launch',
  mark: 'moneta:launch',
  root: 'data-launch-root',
  body: 'data-launch-body',
} as const;

/** The app takes the page over well before; this only clears it when the app's code never ran. */
export const LAUNCH_SCRIPT_GIVE_UP_MS = 10_000;

const CONFIG = JSON.stringify({
  snapshot: STORAGE_KEYS.launch,
  home: STORAGE_KEYS.launchHome,
  user: STORAGE_KEYS.user,
  locale: STORAGE_KEYS.locale,
  theme: THEME_ATTRIBUTE,
  visitor: 'data-visitor',
  ...LAUNCH_NAMES,
  giveUp: LAUNCH_SCRIPT_GIVE_UP_MS,
});

/**
 * Run inline at the top of <body>, after the theme's script: a group page kept on the device
 * (src/data/launch-snapshot.ts), drawn over the app's empty root before any module runs: at the
 * start address `/`, the page it led to last time; elsewhere, the page last left if it was drawn
 * at this address. Only for the person last signed in, at this width, in this theme and language,
 * and never over a page rendered ahead for a visitor (`data-visitor`: no session cookie). It is
 * drawn in a closed shadow root with its own styles: nothing of it mixes with the app's page
 * (styles, queries, the accessibility tree), and, inert, taps on it reach none of its links and
 * buttons (they would reload the page). The app removes it once it has drawn that page itself
 * (launch-snapshot.ts).
 */
export const LAUNCH_SCRIPT = `(function(c){try{var d=document.documentElement,l=localStorage,a=location.pathname+location.search,t=a==='/',s=JSON.parse(l.getItem(t?c.home:c.snapshot)||'null'),u=JSON.parse(l.getItem(c.user)||'null');if(d.hasAttribute(c.visitor)||!s||s.v!==1||!u||u._id!==s.user||(!t&&s.path!==a)||s.width!==innerWidth||s.theme!==d.getAttribute(c.theme)||s.lang!==(l.getItem(c.locale)||''))return;var h=document.createElement('div');h.id=c.page;h.setAttribute('aria-hidden','true');h.setAttribute('inert','');h.setAttribute(c.path,s.path);var r=h.attachShadow({mode:'closed'}),w=document.createElement('div'),b=document.createElement('div'),y=document.createElement('style');w.setAttribute(c.root,'');w.setAttribute(c.theme,s.theme);b.setAttribute(c.body,'');y.textContent=s.css;b.innerHTML=s.html;w.appendChild(b);r.appendChild(y);r.appendChild(w);document.body.insertBefore(h,document.body.firstChild);d.setAttribute(c.attribute,'');performance.mark(c.mark);setTimeout(function(){h.remove();d.removeAttribute(c.attribute)},c.giveUp)}catch(e){}})(${CONFIG})`;
