import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { markNewVersion } from '../data/version-store.ts';
import { loadSession } from '../features/accounts/load-session.ts';
import { App } from './app.tsx';
import { initI18n } from './i18n.ts';
import { registerServiceWorker } from './register-sw.ts';

initI18n();
// Vite reports a failed dynamic import of a preloaded chunk here: a new build replaced the files.
window.addEventListener('vite:preloadError', markNewVersion);
void registerServiceWorker();
void loadSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
