/** Where the end-to-end tests' servers listen: overridable, so several builds can be tested side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The demo build. */
export const DEMO_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The production build, served as production would, with the HTTP mock API behind /api/: the tests of the
 * production build (prerender, the content policy, a server with only the spec's calls) set it as their base.
 */
export const PRODUCTION_URL = `http://127.0.0.1:${E2E_PORT + 1}`;
