// First, so its layer order (base, then the shared parts) comes before any other stylesheet.
import './views/ui/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { readUserInfo } from './api/storage';
import { App } from './app/App';
import { activateStartLocale, addCatalog } from './i18n/i18n';
import { storedLocale } from './i18n/locales';
import { listenForBackAndForward } from './views/ui/navigationGuard';

// Demo builds also speak the demo-only screens (QA tools, demo mailbox, demo checkout).
if (import.meta.env.VITE_MOCKS === 'true') addCatalog((locale) => import(`./locales/${locale}/demo.po`));

async function startDemoBackend(): Promise<void> {
  // Statically false in production builds, so the mock backend and its worker are never bundled there.
  if (import.meta.env.VITE_MOCKS !== 'true') return;
  await (await import('./demo/start')).startDemo();
}

// After a redeploy, the chunk names this page knows are gone: reload once for the new ones (never in a loop).
const RELOADED_FOR_CHUNKS_KEY = 'influx-reloaded-for-chunks';
window.addEventListener('vite:preloadError', (event) => {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_FOR_CHUNKS_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_FOR_CHUNKS_KEY, String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  location.reload();
});

// The catalog loads alongside the demo backend, so the first paint is already in the user's language.
try {
  await Promise.all([startDemoBackend(), activateStartLocale(storedLocale())]);
} catch (error) {
  // Not even English could load: say so in plain text rather than leave a blank page.
  const root = document.getElementById('root');
  if (root) root.textContent = 'The page could not load. Check your connection and reload.';
  throw error;
}

// Before the router subscribes to the address, so a screen with unsaved changes hears of Back first.
listenForBackAndForward();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const app = (
  <StrictMode>
    <Router>
      <App />
    </Router>
  </StrictMode>
);

/** A prerendered page (production /login) is hydrated when the visitor sees what was rendered. */
function matchesPrerender(): boolean {
  if (root?.dataset.prerendered !== location.pathname || !root.firstChild) return false;
  let theme: string | null = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    // No storage: the system theme, as rendered.
  }
  return storedLocale() === 'en' && !readUserInfo() && (theme === null || theme === 'system');
}

if (matchesPrerender()) hydrateRoot(root, app);
else {
  root.textContent = '';
  createRoot(root).render(app);
}
