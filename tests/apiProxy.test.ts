// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createViteServer, loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { apiProxy } from '../scripts/vite/apiProxy';

describe('apiProxy (npm run dev:api)', () => {
  it.each([
    ['build', 'api'],
    ['serve', 'demo'],
    ['serve', 'development'],
    ['build', 'production'],
  ] as const)('adds nothing to %s in %s mode', (command, mode) => {
    expect(apiProxy(command, mode, { VITE_API_BASE_URL: 'https://api.example.com' })).toEqual({});
  });

  it.each<Record<string, string>>([{}, { VITE_API_BASE_URL: '' }, { VITE_API_BASE_URL: 'api.example.com' }])(
    'refuses to start without an http(s) API origin: %j',
    (env) => {
      expect(() => apiProxy('serve', 'api', env)).toThrow(/needs VITE_API_BASE_URL/);
    },
  );

  it('refuses mocks', () => {
    expect(() =>
      apiProxy('serve', 'api', { VITE_API_BASE_URL: 'http://127.0.0.1:4010', VITE_MOCKS: 'true' }),
    ).toThrow(/without mocks/);
  });

  it('the committed .env.api points at the HTTP mock API and leaves mocks off', () => {
    const env = loadEnv('api', process.cwd(), 'VITE_');
    expect(env.VITE_API_BASE_URL).toBe(process.env.VITE_API_BASE_URL ?? 'http://127.0.0.1:4010');
    expect(env.VITE_MOCKS).toBeUndefined();
  });

  it('proxies /api to the API without an Origin, and the app sees no API origin (calls its own)', async () => {
    const seen: { url?: string; headers?: IncomingHttpHeaders } = {};
    const upstream = createServer((req, res) => {
      seen.url = req.url;
      seen.headers = req.headers;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const root = mkdtempSync(join(tmpdir(), 'dev-api-'));
    writeFileSync(join(root, 'base.js'), 'export const base = import.meta.env.VITE_API_BASE_URL;\n');
    const vite = await createViteServer({
      configFile: false,
      root,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', ws: false },
      ...apiProxy('serve', 'api', { VITE_API_BASE_URL: target }),
    });
    try {
      await vite.listen();
      const address = vite.resolvedUrls?.local[0] ?? '';
      const answer = await fetch(new URL('/api/v1/users/me', address), {
        method: 'POST',
        headers: { origin: address.replace(/\/$/, ''), authorization: 'Bearer t' },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
      expect(seen.url).toBe('/api/v1/users/me');
      expect(seen.headers?.origin).toBeUndefined();
      expect(seen.headers?.host).toBe(new URL(target).host);
      expect(seen.headers?.authorization).toBe('Bearer t');

      const module = await vite.transformRequest('/base.js');
      expect(module?.code).toMatch(/"VITE_API_BASE_URL":\s*""/);
    } finally {
      await vite.close();
      await new Promise((resolve) => upstream.close(resolve));
      rmSync(root, { recursive: true, force: true });
    }
  });
});
