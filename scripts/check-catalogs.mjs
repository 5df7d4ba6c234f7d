// Fails when a user-visible string is missing from the catalogs or left untranslated in zh-CN / zh-TW.
import { existsSync, readFileSync } from 'node:fs';
import { bin, run } from './run.mjs';

const LOCALES = ['en', 'zh-CN', 'zh-TW'];
// The product's catalog and the one of the demo-only screens (see lingui.config.ts).
const CATALOGS = ['messages', 'screens', 'demo'];
const catalogPaths = (locale) => CATALOGS.map((name) => `src/locales/${locale}/${name}.po`);

const snapshot = () =>
  LOCALES.flatMap((l) => catalogPaths(l)).map((p) => (existsSync(p) ? readFileSync(p, 'utf8') : ''));
const before = snapshot();
if (run(bin('lingui'), ['extract', '--clean']) !== 0) process.exit(1);
const after = snapshot();

const problems = [];
const all = LOCALES.flatMap((l) => catalogPaths(l));
const stale = all.filter((_, i) => before[i] !== after[i]);
if (stale.length)
  problems.push(`catalogs were out of date with the source (now re-extracted): ${stale.join(', ')}`);

/** msgid -> msgstr of a .po file (single-line and multi-line entries). */
function entries(file) {
  const out = new Map();
  let id = null;
  let field = null;
  let str = '';
  const flush = () => {
    if (id !== null && id !== '') out.set(id, str);
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(msgid|msgstr) "(.*)"$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') {
        flush();
        id = m[2];
        str = '';
      } else str = m[2];
      field = m[1];
    } else if (/^"(.*)"$/.test(line) && field) {
      const part = line.slice(1, -1);
      if (field === 'msgid') id += part;
      else str += part;
    } else if (line.trim() === '') field = null;
  }
  flush();
  return out;
}

for (const locale of LOCALES) {
  for (const path of catalogPaths(locale)) {
    if (!existsSync(path)) {
      problems.push(`missing catalog ${path}`);
      continue;
    }
    if (locale === 'en') continue;
    const missing = [...entries(path)].filter(([, str]) => str === '').map(([id]) => id);
    if (missing.length)
      problems.push(`${path}: ${missing.length} untranslated: ${missing.slice(0, 10).join(' | ')}`);
  }
}

if (problems.length) {
  console.error(`i18n check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('i18n: every catalog entry is translated in en, zh-CN and zh-TW');
