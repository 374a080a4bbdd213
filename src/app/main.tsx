import './start-session.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { nextTask } from '../data/idle.ts';
import { markChunkFailed } from '../data/version-store.ts';
import { loadSession } from '../features/accounts/load-session.ts';
import { App } from './app.tsx';
import { useEarlyEvents } from './early-events.ts';
import { initI18n } from './i18n.ts';
import { releaseLaunchSnapshot } from './launch-snapshot.ts';
import { registerServiceWorker } from './register-sw.ts';
import { firstPageCode } from './router.tsx';
import { appTheme } from './theme.ts';

initI18n();
// Vite reports a failed dynamic import of a preloaded chunk here: a new build replaced the files,
// or the browser is offline.
window.addEventListener('vite:preloadError', markChunkFailed);
void registerServiceWorker();
void loadSession();

// The first screen's work in pieces, each a task of its own (the theme, then the drawing), so that
// a phone can take a tap or paint between them.
await nextTask();
appTheme();
await nextTask();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
function TakenOver() {
  useEarlyEvents();
  return null;
}

const app = (
  <StrictMode>
    <App />
    <TakenOver />
  </StrictMode>
);
// A page rendered ahead (src/app/prerender.tsx) is taken over as it is, not drawn again, once its
// code is here: a part still loading when the first update comes would be drawn anew, through
// its spinner. In a transition, the takeover yields to the browser between components; so does
// the first drawing of any other page (outside one, React draws the whole app in one task).
if (document.documentElement.hasAttribute('data-visitor'))
  void firstPageCode.then(() => startTransition(() => void hydrateRoot(root, app)));
else {
  const appRoot = createRoot(root);
  startTransition(() => appRoot.render(app));
  // The page last left, drawn by the page's own script, gives way once the app has drawn it.
  releaseLaunchSnapshot(root);
}
