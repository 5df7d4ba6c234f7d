// Serves a production build as production would (prerendered /login, compression): node scripts/serve-dist.mjs dist 4174
import { serveStatic } from './bench/server.mjs';

const [dir = 'dist', port = '4174'] = process.argv.slice(2);
const site = await serveStatic(dir, { port: Number(port) });
console.log(`Serving ${dir} on ${site.url}`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => site.close().then(() => process.exit(0)));
