import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { Router } from 'wouter';
import { App } from './app/App';
import { activateLocale } from './i18n/i18n';

/**
 * Build time only (vite.config.ts): the sign-in page rendered to HTML with its styles, so a first visit
 * paints it before any script has run; the client then hydrates it (src/main.tsx).
 */
export async function renderLoginPage(): Promise<{ html: string; styles: string }> {
  await activateLocale('en', { persist: false });
  const sheet = new ServerStyleSheet();
  try {
    // Waits for lazy parts (the login screen's chunk), unlike renderToString.
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <StrictMode>
          <Router ssrPath="/login">
            <App />
          </Router>
        </StrictMode>,
      ),
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
