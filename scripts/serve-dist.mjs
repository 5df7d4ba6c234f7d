// Serves a production build as production would (prerendered /login, compression, the build's _headers):
//   node scripts/serve-dist.mjs dist 4174 [--api]
// With --api, the HTTP mock API runs behind /api/ on the same origin (the build's default API origin), as a
// host that routes /api/ to the backend would.
import { runnerImport } from 'vite';
import { serveStatic } from './bench/server.mjs';

const args = process.argv.slice(2);
const [dir = 'dist', port = '4174'] = args.filter((a) => !a.startsWith('--'));
let api = null;
if (args.includes('--api')) {
  const { module } = await runnerImport('./mocks/serve.ts', { configFile: false, logLevel: 'warn' });
  api = await module.main({ port: 0 });
}
const site = await serveStatic(dir, { port: Number(port), api: api?.url ?? null });
console.log(`Serving ${dir} on ${site.url}${api ? ` with the mock API behind /api/` : ''}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    await site.close();
    await api?.close();
    process.exit(0);
  });
