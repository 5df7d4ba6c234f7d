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

/**
 * A file's body in each encoding, compressed the first time it is asked for, then kept: a test run asks for
 * about a third of the build, and starting to serve at once spares its start the rest (seconds of brotli at the
 * highest quality). `ahead` compresses everything before serving, so no measured request waits on it.
 */
function servedFile(body, type, text, ahead) {
  const encoded = new Map();
  const file = {
    type,
    raw: body,
    text,
    body(encoding) {
      if (!encoded.has(encoding))
        encoded.set(
          encoding,
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
            : gzipSync(body, { level: 9 }),
        );
      return encoded.get(encoding);
    },
  };
  if (ahead && text) for (const encoding of ['br', 'gzip']) file.body(encoding);
  return file;
}

function filesOf(dir, ahead, base = dir, out = new Map()) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesOf(path, ahead, base, out);
    else {
      const text = /\.(html|js|css|svg|json|webmanifest)$/.test(name);
      const type = TYPES[extname(name)] ?? 'application/octet-stream';
      out.set(`/${path.slice(base.length + 1)}`, servedFile(readFileSync(path), type, text, ahead));
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

export async function serveStatic(dir, { host = '127.0.0.1', port = 0, api = null, ahead = false } = {}) {
  const files = filesOf(dir, ahead);
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
    const encoding = !file.text
      ? null
      : accept.includes('br')
        ? 'br'
        : accept.includes('gzip')
          ? 'gzip'
          : null;
    const body = encoding ? file.body(encoding) : file.raw;
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
