/** Design tokens, one object per mode. Colours are chosen for WCAG AA contrast on their surfaces. */
const shared = {
  space: (n: number) => `${n * 4}px`,
  radius: { sm: '6px', md: '10px', lg: '14px', pill: '999px' },
  font: {
    family:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans SC', 'Noto Sans TC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
    size: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '26px' },
    weight: { regular: 400, medium: 500, bold: 650 },
  },
  layout: { sidebar: '256px', sidebarCollapsed: '80px', mobileBreakpoint: 768 },
  shadow: {
    card: '0 1px 2px rgb(0 0 0 / 6%), 0 1px 3px rgb(0 0 0 / 8%)',
    pop: '0 10px 30px rgb(0 0 0 / 18%)',
  },
  motion: { fast: '120ms ease-out', normal: '200ms ease-out' },
} as const;

/** The palette's colour names; their values per theme are custom properties in global.css. */
export const COLOR_NAMES = [
  'bg',
  'surface',
  'surfaceAlt',
  'surfaceHover',
  'text',
  'textMuted',
  'border',
  'borderStrong',
  'primary',
  'primaryHover',
  'onPrimary',
  'primarySoft',
  'focus',
  'danger',
  'dangerSoft',
  'onDanger',
  'success',
  'successSoft',
  'warning',
  'warningSoft',
  'info',
  'infoSoft',
  'overlay',
  'brandPanel',
] as const;

export type ColorName = (typeof COLOR_NAMES)[number];
export const cssVar = (name: ColorName) => `--c-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Colours as references to those properties, so the generated CSS is the same in both themes: a theme change
 * needs no re-render of styles, and the theme can be set before the first paint.
 */
const color = Object.fromEntries(COLOR_NAMES.map((k) => [k, `var(${cssVar(k)})`])) as Record<
  ColorName,
  string
>;

export const theme = { ...shared, color };
export type Theme = typeof theme;
