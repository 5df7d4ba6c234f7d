import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/App';
import { routeFor } from './app/routeTable';
import { activateLocale, i18n } from './i18n/i18n';
import { PATHS } from './machines/paths';
import { pageTitle } from './views/ui/text';

/**
 * Build time only (vite.config.ts): the sign-in page rendered to HTML, so a first visit paints it before any
 * script has run; the client then hydrates it (src/main.tsx). Its stylesheets are plain CSS files, linked by
 * the build.
 */
export async function renderLoginPage(): Promise<{ html: string; title: string }> {
  await activateLocale('en', { persist: false });
  // Waits for lazy parts (the login screen's chunk), unlike renderToString.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={PATHS.login}>
        <App />
      </Router>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  const route = routeFor(PATHS.login);
  return { html, title: pageTitle(route ? i18n._(route.title) : '') };
}
