import type { Plugin, Rollup } from 'vite';

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
const LOCALES = ['en', 'zh-CN', 'zh-TW'];
const catalog = (locale: string, name: string) => `src/locales/${locale}/${name}.po`;

/** The chunk of a module and every chunk it imports statically, as URLs. */
function closure(bundle: OutputBundle, moduleId: string, base: string, root: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId === `${root}/${moduleId}`);
  if (!start)
    throw new Error(`preload-screens: ${moduleId} is not a chunk of this build (SCREEN_MODULES is stale)`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of (bundle[file] as OutputChunk | undefined)?.imports ?? []) visit(dep);
  };
  visit(start.fileName);
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
        const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
        const already = new Set(
          entry ? closure(bundle, entry.facadeModuleId?.slice(root.length + 1) ?? '', base, root) : [],
        );
        const urls = (ids: string[]) =>
          [...new Set(ids.flatMap((id) => closure(bundle, id, base, root)))].filter((u) => !already.has(u));
        const plan = {
          texts: Object.fromEntries(LOCALES.map((l) => [l, urls([catalog(l, 'messages')])])),
          screenTexts: Object.fromEntries(LOCALES.map((l) => [l, urls([catalog(l, 'screens')])])),
          paths: Object.fromEntries(Object.entries(SCREEN_MODULES).map(([path, ids]) => [path, urls(ids)])),
        };
        const script = `<script>try{(function(p){var s=localStorage,l=s.getItem('influx-language');if(!p.texts[l])l='en';var f=p.texts[l],r=p.paths[location.pathname.replace(/(.)\\/$/,'$1')];if(s.getItem('influx-user-info')&&r)f=f.concat(p.screenTexts[l],r);f.forEach(function(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)})})(${JSON.stringify(plan)})}catch(e){}</script>`;
        return html.replace('</head>', `${script}</head>`);
      },
    },
  };
}
