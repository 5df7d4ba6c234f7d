import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { activateLocale } from './i18n/i18n';
import { storedLocale } from './i18n/locales';

async function startDemoBackend(): Promise<void> {
  // Statically false in production builds, so the mock backend and its worker are never bundled there.
  if (import.meta.env.VITE_MOCKS !== 'true') return;
  const { startMocks } = await import('../mocks/browser');
  await startMocks({ scenario: new URLSearchParams(location.search).get('scenario') });
}

// The catalog loads alongside the demo backend, so the first paint is already in the user's language.
await Promise.all([startDemoBackend(), activateLocale(storedLocale(), { persist: false })]);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
