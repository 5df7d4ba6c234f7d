// Checks a served production build against the hosting rules of scripts/hosting.ts, over HTTP:
//   node scripts/check-hosting.mjs [dist] [serve-dist|nginx|caddy ...]   (default: all three that are installed)
// serve-dist is the project's own server; nginx and caddy run the configurations of docs/hosting/ (from the
// PATH, as installed by Debian's nginx-light and caddy packages), on a free port of 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CACHE_CONTROL, FALLBACK, HASHED_PREFIX, PRERENDERED, SECURITY_HEADERS } from './hosting.ts';

/** The Content-Security-Policy a build's _headers asks for (empty when it has none). */
export const buildPolicy = (dir) =>
  /^\s+Content-Security-Policy: (.*)$/m.exec(readFileSync(join(dir, '_headers'), 'utf8'))?.[1] ?? '';

/** What `baseUrl` does against the rules, for the build in `dir`: a list of failures, empty when all hold. */
export async function checkHosting(baseUrl, dir) {
  const failures = [];
  const policy = buildPolicy(dir);
  const file = (name) => readFileSync(join(dir, name), 'utf8');
  const asset = readdirSync(join(dir, HASHED_PREFIX)).find((name) => name.endsWith('.js'));
  const expect = async (path, { status = 200, body, cache, type }) => {
    let answer;
    try {
      answer = await fetch(new URL(path, baseUrl), { headers: { 'accept-encoding': 'br, gzip' } });
    } catch (error) {
      failures.push(`${path}: ${error.message}`);
      return;
    }
    const text = await answer.text();
    const fail = (what) => failures.push(`${path}: ${what}`);
    if (answer.status !== status) fail(`status ${answer.status}, expected ${status}`);
    if (body !== undefined && text !== body) fail('not the expected file');
    // An error is never kept for a year (the file may be deployed a moment later).
    if (status !== 200 && answer.headers.get('cache-control') === CACHE_CONTROL.hashed)
      fail('an error cached as a hashed file');
    if (type && !answer.headers.get('content-type')?.startsWith(type))
      fail(`Content-Type ${answer.headers.get('content-type')}, expected ${type}`);
    if (cache && answer.headers.get('cache-control') !== cache)
      fail(`Cache-Control ${answer.headers.get('cache-control')}, expected ${cache}`);
    const headers = { ...SECURITY_HEADERS, 'Content-Security-Policy': policy };
    for (const [name, value] of Object.entries(headers))
      if (answer.headers.get(name) !== value) fail(`${name} ${answer.headers.get(name)}, expected ${value}`);
  };
  const html = { cache: CACHE_CONTROL.other };
  for (const [path, page] of Object.entries(PRERENDERED)) await expect(path, { ...html, body: file(page) });
  await expect('/', { ...html, body: file(FALLBACK) });
  // Routes of the app, deep links included: the app's index, for the router to take over.
  await expect('/chat-history', { ...html, body: file(FALLBACK) });
  await expect('/bot-settings/some-bot/knowledge', { ...html, body: file(FALLBACK) });
  // A dot in a page's path is not a file (a mangled link ends in ".."): the app answers and says what is missing.
  await expect('/bot-settings/some-bot%2F..%2F..', { ...html, body: file(FALLBACK) });
  if (asset)
    await expect(`${HASHED_PREFIX}${asset}`, {
      body: file(join(HASHED_PREFIX, asset)),
      cache: CACHE_CONTROL.hashed,
    });
  else failures.push(`${HASHED_PREFIX}: no script in ${dir}${HASHED_PREFIX}`);
  // Installing the app: browsers want the manifest's own type.
  if (existsSync(join(dir, 'manifest.webmanifest')))
    await expect('/manifest.webmanifest', {
      body: file('manifest.webmanifest'),
      cache: CACHE_CONTROL.other,
      type: 'application/manifest+json',
    });
  await expect(`${HASHED_PREFIX}missing-0000.js`, { status: 404 });
  await expect('/missing.png', { status: 404 });
  return failures;
}

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

async function waitFor(url, child) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`no answer from ${url}`);
}

/** How to start each server on `port` for the build in `dir` (absolute), with a scratch folder `tmp`. */
const SERVERS = {
  'serve-dist': (dir, port) => ['node', ['scripts/serve-dist.mjs', dir, String(port)]],
  nginx(dir, port, tmp) {
    const site = readFileSync('docs/hosting/nginx.conf', 'utf8')
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('root /srv/influx/dist;', `root ${dir};`)
      // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst's placeholder in the nginx file
      .replaceAll('${INFLUX_CSP}', buildPolicy(dir));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((what) => `${what}_temp_path ${tmp}/${what};`)
      .join(' ');
    const conf = `worker_processes 1; pid ${tmp}/nginx.pid; error_log stderr;
events {}
http { include /etc/nginx/mime.types; access_log off; ${temp}
${site}
}`;
    writeFileSync(join(tmp, 'nginx.conf'), conf);
    return ['nginx', ['-p', tmp, '-c', join(tmp, 'nginx.conf'), '-g', 'daemon off;']];
  },
  caddy(dir, port, tmp) {
    const site = readFileSync('docs/hosting/Caddyfile', 'utf8')
      .replace('influx.example.com {', `http://127.0.0.1:${port} {`)
      .replace('root * /srv/influx/dist', `root * ${dir}`);
    writeFileSync(join(tmp, 'Caddyfile'), `{\n\tadmin off\n}\n${site}`);
    return ['caddy', ['run', '--adapter', 'caddyfile', '--config', join(tmp, 'Caddyfile')]];
  },
};

const installed = (name) => name === 'serve-dist' || spawnSync('which', [name]).status === 0;

if (import.meta.main) {
  const args = process.argv.slice(2);
  const dir = resolve(args.find((a) => !(a in SERVERS)) ?? 'dist');
  const asked = args.filter((a) => a in SERVERS);
  const names = asked.length ? asked : Object.keys(SERVERS).filter(installed);
  let failed = false;
  for (const name of names) {
    const tmp = mkdtempSync(join(tmpdir(), `hosting-${name}-`));
    const port = await freePort();
    const [command, commandArgs] = SERVERS[name](dir, port, tmp);
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, INFLUX_CSP: buildPolicy(dir), XDG_DATA_HOME: tmp, XDG_CONFIG_HOME: tmp },
    });
    try {
      await waitFor(`http://127.0.0.1:${port}/`, child);
      const failures = await checkHosting(`http://127.0.0.1:${port}`, dir);
      if (failures.length) failed = true;
      console.log(
        failures.length
          ? `${name}: ${failures.length} rule(s) broken:\n- ${failures.join('\n- ')}`
          : `${name}: serves ${dir} by every hosting rule`,
      );
    } catch (error) {
      failed = true;
      console.log(`${name}: ${error.message}`);
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill();
        await exited;
      }
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}
