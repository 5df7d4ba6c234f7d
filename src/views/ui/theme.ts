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

/** The two palettes. Colours are chosen for WCAG AA contrast on their surfaces. */
export const palettes = {
  light: {
    bg: '#f5f7f8',
    surface: '#ffffff',
    surfaceAlt: '#eef1f3',
    surfaceHover: '#e6eaed',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#d4d9de',
    borderStrong: '#9aa4ae',
    primary: '#0f766e',
    primaryHover: '#115e59',
    onPrimary: '#ffffff',
    primarySoft: '#d7f3ef',
    focus: '#2563eb',
    danger: '#b91c1c',
    dangerSoft: '#fde8e8',
    onDanger: '#ffffff',
    success: '#15803d',
    successSoft: '#dcf5e4',
    warning: '#a15c07',
    warningSoft: '#fdf0d5',
    info: '#1d4ed8',
    infoSoft: '#e0e9fd',
    overlay: 'rgb(15 23 42 / 45%)',
    brandPanel: '#0f3d3a',
  },
  dark: {
    bg: '#0b1120',
    surface: '#121a2b',
    surfaceAlt: '#1a2436',
    surfaceHover: '#233047',
    text: '#eef2f7',
    textMuted: '#a3adbb',
    border: '#2c3a52',
    borderStrong: '#55657f',
    primary: '#2dd4bf',
    primaryHover: '#5eead4',
    onPrimary: '#042f2e',
    primarySoft: '#0f3b3a',
    focus: '#93c5fd',
    danger: '#f87171',
    dangerSoft: '#3b1518',
    onDanger: '#1f0607',
    success: '#4ade80',
    successSoft: '#10301d',
    warning: '#fbbf24',
    warningSoft: '#3a2a0a',
    info: '#93c5fd',
    infoSoft: '#15264a',
    overlay: 'rgb(0 0 0 / 60%)',
    brandPanel: '#0d2b2a',
  },
} as const;

export type ColorName = keyof (typeof palettes)['light'];
const cssVar = (name: string) => `--c-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Colours are CSS custom properties switched by <html data-theme>, so the generated CSS is the same in both
 * themes: a theme change needs no re-render of styles, a prerendered page matches either theme, and the
 * theme can be set before the first paint.
 */
const color = Object.fromEntries(Object.keys(palettes.light).map((k) => [k, `var(${cssVar(k)})`])) as Record<
  ColorName,
  string
>;

/** The declarations of one palette, for the global stylesheet. */
export const paletteCss = (mode: keyof typeof palettes) =>
  Object.entries(palettes[mode])
    .map(([k, v]) => `${cssVar(k)}: ${v};`)
    .join(' ');

export const theme = { ...shared, color };
export type Theme = typeof theme;
