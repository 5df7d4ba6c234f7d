// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Where settings are read: the app, the mock backend, the scripts, the tools' configs and the test clock. */
const SOURCES = [
  'src',
  'mocks',
  'scripts',
  'playwright.config.ts',
  'vite.config.ts',
  'stryker.config.mjs',
  'tests/clock.ts',
  'tests/e2e/support.ts',
];
/** Read, but set by the project itself for its own child processes: not settings. */
const INTERNAL = new Set([
  'INFLUX_PRERENDER_BUILD',
  'E2E_BUILDS_CHECKED',
  'MUTATION_TESTS',
  'PACT_DO_NOT_TRACK',
]);

const files = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((name) => files(join(path, name)))
    : /\.(ts|tsx|mjs|sh)$/.test(path) && !/\.test\.tsx?$/.test(path)
      ? [path]
      : [];

function settingsRead(): string[] {
  const names = new Set<string>();
  for (const file of SOURCES.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\.meta\.env\.(VITE_\w+)/g)) names.add(m[1] as string);
    // Reads only: `process.env.X = ...` sets a variable for a child.
    for (const m of text.matchAll(/process\.env\.([A-Z_][A-Z0-9_]*)\b(?!\s*=[^=])/g))
      names.add(m[1] as string);
    // Defaults in shell scripts: ${NAME:-...}
    for (const m of text.matchAll(/\$\{([A-Z_][A-Z0-9_]*):-/g)) names.add(m[1] as string);
  }
  return [...names].filter((n) => !INTERNAL.has(n)).sort();
}

describe('settings are discoverable', () => {
  const read = settingsRead();

  it('finds the settings the code reads', () => {
    expect(read).toEqual(
      expect.arrayContaining(['VITE_API_BASE_URL', 'VITE_MOCKS', 'PORT', 'CHROMIUM_PATH']),
    );
  });

  it('.env.example lists every one', () => {
    const example = readFileSync('.env.example', 'utf8');
    expect(read.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });

  it("the README's settings table lists every one", () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(
      readme.indexOf('## Settings'),
      readme.indexOf('\n## ', readme.indexOf('## Settings') + 1),
    );
    expect(read.filter((name) => !table.includes(`| \`${name}\``))).toEqual([]);
  });
});
