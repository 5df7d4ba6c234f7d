import { crc32, deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { PALETTES } from '../../src/views/ui/theme.ts';

/**
 * The web app manifest and its icons, so the dashboard can be installed on a phone's home screen, and the
 * browser's theme colour for the light and dark themes. All made here from the theme's palettes and the
 * brand mark (the letter I on the primary colour), so neither can drift from the app, and served in
 * development, emitted into every build.
 */

export const MANIFEST_FILE = 'manifest.webmanifest';
export const ICON_SIZES = [192, 512] as const;

/** The browser's bar takes the colour of the app's top bar; the splash screen that of the page. */
export const THEME_COLORS = { light: PALETTES.light.surface, dark: PALETTES.dark.surface } as const;

const MARK = { background: PALETTES.light.primary, letter: PALETTES.light.onPrimary };
/** The letter's box as fractions of the icon, inside the central 80% that a maskable icon keeps. */
const LETTER = { width: 0.12, height: 0.46 };

export function manifest(): Record<string, unknown> {
  return {
    name: 'Influx',
    short_name: 'Influx',
    description: 'Connect WhatsApp numbers to AI chat agents, configure them and read every conversation.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: PALETTES.light.bg,
    theme_color: THEME_COLORS.light,
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ...ICON_SIZES.map((size) => ({
        src: `/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
      })),
      // Full bleed with the letter in the safe zone: the launcher may cut it to any shape.
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function iconSvg(): string {
  const w = LETTER.width * 512;
  const h = LETTER.height * 512;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${MARK.background}"/><rect x="${(512 - w) / 2}" y="${(512 - h) / 2}" width="${w}" height="${h}" rx="${w / 6}" fill="${MARK.letter}"/></svg>\n`;
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** The mark as a square RGB PNG, full bleed (the platform rounds it), with the letter on whole pixels. */
export function iconPng(size: number): Buffer {
  const w = Math.round(LETTER.width * size);
  const h = Math.round(LETTER.height * size);
  const [x0, y0] = [Math.round((size - w) / 2), Math.round((size - h) / 2)];
  const [bg, fg] = [rgb(MARK.background), rgb(MARK.letter)];
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1); // each row starts with its filter type, 0: none
    for (let x = 0; x < size; x++) {
      const inLetter = x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
      rows.set(inLetter ? fg : bg, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Every file, by its path on the site. */
export function webAppFiles(): Record<string, { type: string; body: string | Buffer }> {
  return {
    [`/${MANIFEST_FILE}`]: {
      type: 'application/manifest+json',
      body: `${JSON.stringify(manifest(), null, 2)}\n`,
    },
    '/icon.svg': { type: 'image/svg+xml', body: iconSvg() },
    ...Object.fromEntries(
      ICON_SIZES.map((size) => [`/icon-${size}.png`, { type: 'image/png', body: iconPng(size) }]),
    ),
  };
}

/** Where index.html gets the tags: after the color-scheme one, before the theme script that may adjust them. */
const ANCHOR = '<meta name="color-scheme" content="light dark" />';

/**
 * The head's tags: the theme colour per system theme (the theme script pins the one the user chose), the
 * manifest, and the tab's icon, the same mark as the installed app's, inline (no request of its own).
 */
export function headTags(): string {
  return [
    ...(['light', 'dark'] as const).map(
      (mode) =>
        `<meta name="theme-color" media="(prefers-color-scheme: ${mode})" content="${THEME_COLORS[mode]}" data-theme="${mode}" />`,
    ),
    `<link rel="manifest" href="/${MANIFEST_FILE}" />`,
    '<link rel="apple-touch-icon" href="/icon-192.png" />',
    `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(iconSvg().trim())}" />`,
  ].join('\n    ');
}

export function webAppManifest(): Plugin {
  const files = webAppFiles();
  return {
    name: 'web-app-manifest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files[req.url?.split('?')[0] ?? ''];
        if (!file) return next();
        res.setHeader('Content-Type', file.type);
        res.end(file.body);
      });
    },
    transformIndexHtml(html) {
      if (!html.includes(ANCHOR)) throw new Error(`web-app-manifest: index.html has no ${ANCHOR}`);
      return html.replace(ANCHOR, `${ANCHOR}\n    ${headTags()}`);
    },
    generateBundle() {
      for (const [path, file] of Object.entries(files))
        this.emitFile({ type: 'asset', fileName: path.slice(1), source: file.body });
    },
  };
}
