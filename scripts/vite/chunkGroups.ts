import type { Rollup } from 'vite';

type ChunkingContext = { getModuleInfo: (id: string) => Rollup.ModuleInfo | null };

/** The libraries every page runs, bundled together: React, XState, the router, Lingui's runtime. */
export const RUNTIME_MODULES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|wouter|regexparam|@lingui[\\/](core|react)|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/;

/** The libraries only the signed-in screens load: styles, accessible widgets, virtual lists, dates. */
export const SCREEN_LIBRARIES =
  /[\\/]node_modules[\\/](styled-components|stylis|@emotion|@ariakit|@tanstack|dayjs|shallowequal|tslib)[\\/]/;

/**
 * Every module these import statically, themselves included; with `lazy`, also what they import on demand
 * for which the test holds (the calls' code, not the screens a route table names).
 */
function reached(ctx: ChunkingContext, roots: string[], lazy?: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    const info = ctx.getModuleInfo(id);
    if (!info) return;
    seen.add(id);
    for (const next of info.importedIds) visit(next);
    if (lazy) for (const next of info.dynamicallyImportedIds) if (lazy(next)) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * Names a module's chunk by the part of the app that needs it before anything shows: "core" for what the
 * entry and the sign-in page import (every page runs it), "shell" for what the signed-in frame and the
 * session's watch on the user's numbers add, except what the sign-in page loads on its first call (that
 * stays small). Each would otherwise be cut into a score of small files by which lazy screen shares which
 * module, and on a slow network each file is a round trip waiting for one of the browser's six connections.
 *
 * With `demo`, also the demo's in-browser backend, which every demo page starts before it shows anything:
 * "demo-backend" for the mocks, the QA tools and what only they use, "demo-shared" for the app's modules they
 * use too (the calls' schemas, the flows). Left split, a demo page fetched and ran about a hundred files, and
 * its load cost the browser a sixth more CPU (1.5 CPU-s against 1.8, three screens alternated twice).
 */
export function partOf(root: string, { demo = false } = {}) {
  let parts: Record<'core' | 'shell' | 'demo' | 'demoShared', Set<string>> | null = null;
  const entry = `${root}/src/main.tsx`;
  return (id: string, ctx: ChunkingContext): string | null => {
    // The entry waits (top-level await) for the demo's backend, whose code imports the core: were the entry in
    // the core's file, that file would wait for a file that waits for it, and the page would never start.
    if (demo && id === entry) return null;
    if (!parts) {
      const login = `${root}/src/views/login/LoginView.tsx`;
      const core = reached(ctx, [entry, login]);
      const signIn = reached(ctx, [login], (m) => /[\\/](src[\\/]api|node_modules)[\\/]/.test(m));
      const signedIn = reached(ctx, [
        `${root}/src/app/SignedInApp.tsx`,
        `${root}/src/machines/root/instanceWatch/instanceWatch.machine.ts`,
      ]);
      const shell = new Set([...signedIn].filter((m) => !core.has(m) && !signIn.has(m)));
      // A demo page starts its backend before anything shows: the mocks and what only they use. What the app
      // also uses stays where the app has it, so no file of the app waits for the backend's.
      const demoSide = (m: string) => /[\\/](mocks|src[\\/]demo)[\\/]/.test(m);
      const app = demo ? reached(ctx, [entry, login], (m) => !demoSide(m)) : new Set<string>();
      const backend = demo ? reached(ctx, [`${root}/src/demo/start.ts`]) : new Set<string>();
      const other = (m: string) => !core.has(m) && !shell.has(m);
      parts = {
        core,
        shell,
        demo: new Set([...backend].filter((m) => !app.has(m))),
        demoShared: new Set([...backend].filter((m) => app.has(m) && other(m))),
      };
    }
    // The texts are per language: each stays its own file, loaded for the visitor's language only.
    if (/\.po$/.test(id) || RUNTIME_MODULES.test(id) || SCREEN_LIBRARIES.test(id)) return null;
    if (parts.core.has(id)) return 'core';
    if (parts.shell.has(id)) return 'shell';
    if (parts.demo.has(id)) return 'demo-backend';
    if (parts.demoShared.has(id)) return 'demo-shared';
    return null;
  };
}
