import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without types
import { loginChunks, measureLogin, measureRoutes, routeRoots } from '../scripts/check-size.mjs';

/** A fake build: the entry and the login chunk share one chunk; the dashboard is lazy and not counted. */
function fakeBuild(loginBytes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'size-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_shared.js'], dynamicImports: ['src/Dashboard.tsx'] },
    'src/views/login/LoginView.tsx': { file: 'assets/login.js', imports: ['_shared.js'] },
    'src/locales/en/messages.po': { file: 'assets/messages.js' },
    'src/locales/en/screens.po': { file: 'assets/screens.js' },
    'src/app/SignedInApp.tsx': { file: 'assets/shell.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/Dashboard.tsx': { file: 'assets/dashboard.js' },
  };
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  // Random bytes do not compress: gzip size is about the raw size.
  const noise = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256)));
  for (const f of ['index.js', 'messages.js', 'screens.js', 'shell.js', 'shared.js', 'dashboard.js'])
    writeFileSync(join(dir, 'assets', f), noise(1024));
  writeFileSync(join(dir, 'assets/login.js'), noise(loginBytes));
  return dir;
}

describe('the /login size budget', () => {
  it('counts the entry, the login chunk, the catalog and their static imports once, not lazy chunks', () => {
    const files = loginChunks(fakeBuild(1024)).map((c: { file: string }) => c.file);
    expect(files.sort()).toEqual([
      'assets/index.js',
      'assets/login.js',
      'assets/messages.js',
      'assets/shared.js',
    ]);
  });

  it('passes within the budget and fails over it', () => {
    expect(measureLogin(fakeBuild(1024), 8).within).toBe(true);
    expect(measureLogin(fakeBuild(8 * 1024), 8).within).toBe(false);
  });
});

describe('the per-route size budgets', () => {
  const screens = { '/': ['src/app/SignedInApp.tsx', 'src/Dashboard.tsx'] };

  it('counts a signed-in route from the entry, both catalogs, the shell and its screen', () => {
    expect(routeRoots(screens)['/']).toEqual([
      'index.html',
      'src/locales/en/messages.po',
      'src/locales/en/screens.po',
      'src/app/SignedInApp.tsx',
      'src/Dashboard.tsx',
    ]);
    const dashboard = measureRoutes(fakeBuild(1024), screens, { '/login': 8, '/': 8 }).find(
      (r: { path: string }) => r.path === '/',
    );
    expect(dashboard.rows.map((r: { file: string }) => r.file).sort()).toEqual([
      'assets/dashboard.js',
      'assets/index.js',
      'assets/messages.js',
      'assets/screens.js',
      'assets/shared.js',
      'assets/shell.js',
    ]);
  });

  it('fails a route over its budget, and a route that has none', () => {
    const within = (budgets: Record<string, number>) =>
      measureRoutes(fakeBuild(1024), screens, budgets).map((r: { path: string; within: boolean }) => [
        r.path,
        r.within,
      ]);
    expect(within({ '/login': 8, '/': 8 })).toEqual([
      ['/login', true],
      ['/', true],
    ]);
    expect(within({ '/login': 8, '/': 4 })).toEqual([
      ['/login', true],
      ['/', false],
    ]);
    expect(within({ '/login': 8 })).toEqual([
      ['/login', true],
      ['/', false],
    ]);
  });
});
