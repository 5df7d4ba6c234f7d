import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { type Plugin, type Rollup, runnerImport } from 'vite';
import { storageKey } from '../../src/api/storage.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The route table's fields the preload plan needs (src/app/routeTable.ts). */
interface RouteEntry {
  path: string;
  /** A segment below the path the screen owns (`/chat-history/:sessionId`): the deeper address preloads it too. */
  param?: string;
  access: string;
  shell: boolean;
  screen: string;
}

/**
 * What every signed-in page loads as soon as it runs, though not by a static import: how calls are sent (with
 * the HTTP library, found by its package), and the session's watch on the user's numbers.
 */
const SIGNED_IN_MODULES = [
  'src/api/request.ts',
  'ofetch',
  'src/machines/root/instanceWatch/instanceWatch.machine.ts',
];
const HTTP_LIBRARY = /[\\/]node_modules[\\/]ofetch[\\/]/;

/**
 * The modules each signed-in path shows besides the entry (lazy chunks), from the app's route table. The
 * table is TypeScript with Lingui macros, so Vite itself loads it, through the same macro transform.
 */
export async function screenModules(root: string): Promise<Record<string, string[]>> {
  return (await preloadPlan(root)).paths;
}

/**
 * The modules per signed-in path (`paths`), and per path whose route owns a segment below it (`deep`: the
 * address /chat-history/abc preloads what /chat-history shows).
 */
export async function preloadPlan(
  root: string,
): Promise<{ paths: Record<string, string[]>; deep: Record<string, string[]> }> {
  const { module } = await runnerImport<{ ROUTES: RouteEntry[] }>('/src/app/routeTable.ts', {
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [babel({ presets: [linguiTransformerBabelPreset()] })],
  });
  const routes = module.ROUTES.filter((route) => route.access !== 'public');
  const modules = (list: RouteEntry[]) =>
    Object.fromEntries(
      list.map((route) => [
        route.path,
        [
          ...SIGNED_IN_MODULES,
          ...(route.shell ? ['src/app/SignedInApp.tsx'] : []),
          `src/${route.screen}.tsx`,
        ],
      ]),
    );
  return { paths: modules(routes), deep: modules(routes.filter((route) => route.param !== undefined)) };
}
const catalog = (locale: string, name: string) => `src/locales/${locale}/${name}.po`;
/** The app's DEFAULT_LOCALE (src/i18n/locales.ts; a test keeps them equal), for a visitor with none stored. */
export const FALLBACK_LOCALE = 'en';

/** The chunk whose entry module is this source file (or, for the HTTP library, this package's). */
function chunkOf(bundle: OutputBundle, root: string, moduleId: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (c): c is OutputChunk =>
      c.type === 'chunk' &&
      (c.facadeModuleId === `${root}/${moduleId}` ||
        (moduleId === 'ofetch' && HTTP_LIBRARY.test(c.facadeModuleId ?? ''))),
  );
  if (!chunk)
    throw new Error(
      `preload-screens: ${moduleId} is not a chunk of this build (the route table names a screen the build lacks)`,
    );
  return chunk;
}

/** A chunk and every chunk it imports statically, as URLs. */
function withImports(bundle: OutputBundle, chunk: OutputChunk, base: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of (bundle[file] as OutputChunk | undefined)?.imports ?? []) visit(dep);
  };
  visit(chunk.fileName);
  return [...files].map((f) => `${base}${f}`);
}

/**
 * A cold visit otherwise loads in steps: the entry, then the language's texts and the signed-in app, then the
 * screen, each a round trip on a slow network. This inline script starts them all with the HTML: the texts
 * of the stored language always, and for a signed-in visitor the app and the screen of the path.
 */
export function preloadScreens(): Plugin {
  let base = '/';
  let root = '';
  let ssr = false;
  let modules: Record<string, string[]> = {};
  let deepModules: Record<string, string[]> = {};
  return {
    name: 'preload-screens',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      // A server build (the prerendered sign-in page) has no HTML to preload into.
      if (!ssr) ({ paths: modules, deep: deepModules } = await preloadPlan(root));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        // The entry's own imports are preloaded by Vite already.
        const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
        const already = new Set(entry ? withImports(bundle, entry, base) : []);
        const urls = (ids: string[]) =>
          [...new Set(ids.flatMap((id) => withImports(bundle, chunkOf(bundle, root, id), base)))].filter(
            (u) => !already.has(u),
          );
        // The languages are the ones whose core catalog the build has.
        const locales = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk'
            ? (/\/src\/locales\/([^/]+)\/messages\.po$/.exec(c.facadeModuleId ?? '')?.slice(1) ?? [])
            : [],
        );
        const plan = {
          keys: {
            language: storageKey('language'),
            user: storageKey('user-info'),
            defaultLocale: FALLBACK_LOCALE,
          },
          texts: Object.fromEntries(locales.map((l) => [l, urls([catalog(l, 'messages')])])),
          screenTexts: Object.fromEntries(locales.map((l) => [l, urls([catalog(l, 'screens')])])),
          paths: Object.fromEntries(Object.entries(modules).map(([path, ids]) => [path, urls(ids)])),
          // One segment deeper (/chat-history/abc): the parent path's screen.
          deep: Object.fromEntries(Object.entries(deepModules).map(([path, ids]) => [path, urls(ids)])),
        };
        const script = `<script>try{(function(p){var s=localStorage,l=s.getItem(p.keys.language);if(!p.texts[l])l=p.keys.defaultLocale;var f=p.texts[l],n=location.pathname.replace(/(.)\\/$/,'$1'),r=p.paths[n]||p.deep[n.replace(/\\/[^/]+$/,'')];if(s.getItem(p.keys.user)&&r)f=f.concat(p.screenTexts[l],r);f.forEach(function(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)})})(${JSON.stringify(plan)})}catch(e){}</script>`;
        return html.replace('</head>', `${script}</head>`);
      },
    },
  };
}
