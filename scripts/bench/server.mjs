// A static server for a built app, as production would serve it: brotli or gzip, and the hosting rules of
// scripts/hosting.ts (prerendered pages, SPA fallback, caching, security headers, with the build's
// Content-Security-Policy from its _headers file), and optionally the API behind /api/ on the same origin.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cacheControl, fileFor, SECURITY_HEADERS } from '../hosting.ts';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

function filesOf(dir, base = dir, out = new Map()) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesOf(path, base, out);
    else {
      const body = readFileSync(path);
      const text = /\.(html|js|css|svg|json|webmanifest)$/.test(name);
      out.set(`/${path.slice(base.length + 1)}`, {
        type: TYPES[extname(name)] ?? 'application/octet-stream',
        raw: body,
        br: text ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
        gzip: text ? gzipSync(body, { level: 9 }) : null,
      });
    }
  }
  return out;
}

/** The headers of the `/*` rule of a Netlify-style _headers file (the only rule the build writes). */
export function siteHeaders(dir) {
  const file = join(dir, '_headers');
  if (!existsSync(file)) return {};
  const headers = {};
  let inRule = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) inRule = line.trim() === '/*';
    else if (inRule) {
      const at = line.indexOf(':');
      headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return headers;
}

/** Passes a request on to the API server at `target` (http://host:port), as a host's rewrite would. */
function proxy(req, res, target) {
  const url = new URL(target);
  const upstream = request(
    { host: url.hostname, port: url.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

export async function serveStatic(dir, { host = '127.0.0.1', port = 0, api = null } = {}) {
  const files = filesOf(dir);
  const headers = { ...SECURITY_HEADERS, ...siteHeaders(dir) };
  const server = createServer((req, res) => {
    if (api && req.url?.startsWith('/api/')) {
      proxy(req, res, api);
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const name = fileFor(path, (f) => files.has(f));
    const file = name ? files.get(name) : null;
    if (!file) {
      res.writeHead(404, headers).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      file.br && accept.includes('br')
        ? ['br', file.br]
        : file.gzip && accept.includes('gzip')
          ? ['gzip', file.gzip]
          : [null, file.raw];
    res.writeHead(200, {
      ...headers,
      'Content-Type': file.type,
      'Cache-Control': cacheControl(name),
      ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const { port: actual } = server.address();
  return { url: `http://${host}:${actual}`, close: () => new Promise((r) => server.close(r)) };
}
