import type { Plugin, Rollup } from 'vite';
import { storageKey } from '../../src/api/storage.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The modules each path shows besides the entry (lazy chunks). Read by the inline script below before any
 * script of the app has run; a path missing here is only loaded later, never wrong.
 */
export const SCREEN_MODULES: Record<string, string[]> = {
  '/': ['src/app/SignedInApp.tsx', 'src/views/dashboard/DashboardView.tsx'],
  '/bot-settings': ['src/app/SignedInApp.tsx', 'src/views/botSettings/BotSettingsView.tsx'],
  '/bind-whatsapp': ['src/app/SignedInApp.tsx', 'src/views/bindWhatsapp/BindWhatsappView.tsx'],
  '/chat-history': ['src/app/SignedInApp.tsx', 'src/views/chatHistory/ChatHistoryView.tsx'],
  '/usage-billing': ['src/app/SignedInApp.tsx', 'src/views/usageBilling/UsageBillingView.tsx'],
  '/membership-management': ['src/app/SignedInApp.tsx', 'src/views/membership/MembershipView.tsx'],
  '/payment-success': ['src/views/paymentSuccess/PaymentSuccessView.tsx'],
};
const catalog = (locale: string, name: string) => `src/locales/${locale}/${name}.po`;
/** The app's DEFAULT_LOCALE (src/i18n/locales.ts; a test keeps them equal), for a visitor with none stored. */
export const FALLBACK_LOCALE = 'en';

/** The chunk whose entry module is this source file. */
function chunkOf(bundle: OutputBundle, root: string, moduleId: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (c): c is OutputChunk => c.type === 'chunk' && c.facadeModuleId === `${root}/${moduleId}`,
  );
  if (!chunk)
    throw new Error(`preload-screens: ${moduleId} is not a chunk of this build (SCREEN_MODULES is stale)`);
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
  return {
    name: 'preload-screens',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
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
          paths: Object.fromEntries(Object.entries(SCREEN_MODULES).map(([path, ids]) => [path, urls(ids)])),
        };
        const script = `<script>try{(function(p){var s=localStorage,l=s.getItem(p.keys.language);if(!p.texts[l])l=p.keys.defaultLocale;var f=p.texts[l],r=p.paths[location.pathname.replace(/(.)\\/$/,'$1')];if(s.getItem(p.keys.user)&&r)f=f.concat(p.screenTexts[l],r);f.forEach(function(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)})})(${JSON.stringify(plan)})}catch(e){}</script>`;
        return html.replace('</head>', `${script}</head>`);
      },
    },
  };
}
