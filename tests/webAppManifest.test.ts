// @vitest-environment node
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { policy } from '../scripts/vite/csp';
import {
  headTags,
  ICON_SIZES,
  iconPng,
  MANIFEST_FILE,
  manifest,
  THEME_COLORS,
  webAppFiles,
  webAppManifest,
} from '../scripts/vite/webAppManifest';
import { PALETTES } from '../src/views/ui/theme';

/** Width, height and the RGB of a pixel of an 8-bit RGB PNG without filters (what iconPng writes). */
function decode(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const size = png.readUInt32BE(16);
  expect(png.readUInt32BE(20)).toBe(size);
  let at = 8;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const hex = (x: number, y: number) =>
    `#${rows.subarray(y * (size * 3 + 1) + 1 + x * 3, y * (size * 3 + 1) + 4 + x * 3).toString('hex')}`;
  return { size, hex };
}

describe('the web app manifest', () => {
  const files = webAppFiles();
  const parsed = JSON.parse(String(files[`/${MANIFEST_FILE}`]?.body));

  it('says what a home screen needs to install the app', () => {
    expect(parsed).toEqual(manifest());
    expect(parsed).toMatchObject({
      name: 'Influx',
      short_name: 'Influx',
      start_url: '/',
      display: 'standalone',
    });
    expect(parsed.theme_color).toBe(PALETTES.light.surface);
    expect(parsed.background_color).toBe(PALETTES.light.bg);
  });

  it('lists an SVG icon and PNGs of 192 and 512 pixels, each of them served', () => {
    const icons: { src: string; sizes: string; type: string; purpose?: string }[] = parsed.icons;
    expect(icons.map((i) => `${i.src} ${i.sizes} ${i.type}`)).toEqual(
      expect.arrayContaining([
        '/icon.svg any image/svg+xml',
        '/icon-192.png 192x192 image/png',
        '/icon-512.png 512x512 image/png',
      ]),
    );
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) expect(files[icon.src]?.type).toBe(icon.type);
  });

  it.each(ICON_SIZES)('draws the %i-pixel icon: the letter I in the middle of the primary colour', (size) => {
    const png = decode(iconPng(size));
    expect(png.size).toBe(size);
    expect(png.hex(0, 0)).toBe(PALETTES.light.primary);
    expect(png.hex(size - 1, size - 1)).toBe(PALETTES.light.primary);
    expect(png.hex(size / 2, size / 2)).toBe(PALETTES.light.onPrimary);
    // The letter stays inside the central 80% a maskable icon keeps.
    expect(png.hex(size / 2, Math.floor(size * 0.1))).toBe(PALETTES.light.primary);
    expect(png.hex(Math.floor(size * 0.4), size / 2)).toBe(PALETTES.light.primary);
  });

  it('the SVG icon is the same mark', () => {
    const svg = String(files['/icon.svg']?.body);
    expect(svg).toContain(`fill="${PALETTES.light.primary}"`);
    expect(svg).toContain(`fill="${PALETTES.light.onPrimary}"`);
  });
});

describe('index.html', () => {
  const plugin = webAppManifest();
  const transform = plugin.transformIndexHtml as (html: string) => string;
  const html = transform(readFileSync('index.html', 'utf8'));

  it('gets a theme colour for the light and for the dark theme, and the manifest', () => {
    expect(THEME_COLORS).toEqual({ light: PALETTES.light.surface, dark: PALETTES.dark.surface });
    expect(html).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${PALETTES.light.surface}"`,
    );
    expect(html).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${PALETTES.dark.surface}"`,
    );
    expect(html).toContain(`<link rel="manifest" href="/${MANIFEST_FILE}" />`);
    expect(html).toContain(headTags());
  });

  it("has one tab icon, the installed app's mark", () => {
    const icons = [...html.matchAll(/<link rel="icon" href="data:image\/svg\+xml,([^"]+)"/g)];
    expect(icons).toHaveLength(1);
    expect(decodeURIComponent(icons[0]?.[1] ?? '')).toBe(String(webAppFiles()['/icon.svg']?.body).trim());
  });

  it('has them before the theme script, which pins the colour of a theme the user chose', () => {
    expect(html.indexOf('name="theme-color"')).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain("meta.media = meta.dataset.theme === stored ? 'all' : 'not all'");
  });

  it("the production policy lets the manifest load from the site's origin", () => {
    expect(policy([], "'self'")).toContain("manifest-src 'self'");
  });
});
