/**
 * The design tokens: the one source of colours, spacing, radii, type, shadows, motion, layout sizes and
 * breakpoints. The build writes them as CSS custom properties (`@design-tokens` in global.css, through
 * scripts/vite/designTokens.ts) and resolves the breakpoints in stylesheets' `@media (--below-mobile)`;
 * styled-components read the same properties through `theme`, and media queries through `media`.
 */

/** Layout widths in px. At `mobile` or less, the mobile layout is used (spec: 768px). */
export const BREAKPOINTS = { sm: 560, md: 640, mobile: 768, lg: 1024, xl: 1100 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export const media = {
  below: (bp: Breakpoint) => `(max-width: ${BREAKPOINTS[bp]}px)`,
  from: (bp: Breakpoint) => `(min-width: ${BREAKPOINTS[bp]}px)`,
};

/** A stylesheet's `@media (--below-mobile)` or `(--from-lg)`: the query it stands for, if the name is known. */
export function customMedia(name: string): string | undefined {
  const [, edge, bp] = /^--(below|from)-(\w+)$/.exec(name) ?? [];
  if (!(bp && bp in BREAKPOINTS)) return undefined;
  return media[edge as 'below' | 'from'](bp as Breakpoint);
}

/** Spacing steps of 4px: step 1.5 is 6px. */
const SPACE_STEPS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 12, 20] as const;
export type SpaceStep = (typeof SPACE_STEPS)[number];

const SCALES = {
  /** mark: the brand mark's square. */
  radius: { sm: '6px', md: '10px', lg: '14px', pill: '999px', mark: '9px' },
  fontSize: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '26px', display: '34px' },
  fontWeight: { regular: '400', medium: '500', bold: '650' },
  fontFamily: {
    sans: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans SC', 'Noto Sans TC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  shadow: {
    card: '0 1px 2px rgb(0 0 0 / 6%), 0 1px 3px rgb(0 0 0 / 8%)',
    pop: '0 10px 30px rgb(0 0 0 / 18%)',
  },
  motion: { fast: '120ms ease-out', normal: '200ms ease-out' },
  layout: { sidebar: '256px', sidebarCollapsed: '80px', topBar: '56px' },
  /** Heights of buttons and inputs (and the width of square icon buttons). */
  control: { sm: '32px', md: '40px' },
} as const;
type Scale = keyof typeof SCALES;

/**
 * The palettes, chosen for WCAG AA contrast on their surfaces; <html data-theme> switches between them. The
 * build takes the browser's theme colours from them too (scripts/vite/webAppManifest.ts).
 */
export const PALETTES = {
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
    // The sign-in page's brand panel is dark teal in both themes.
    onBrandPanel: '#f0fdfa',
    brandPanelAccent: '#5eead4',
    brandPanelLink: '#ccfbf1',
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
    onBrandPanel: '#f0fdfa',
    brandPanelAccent: '#5eead4',
    brandPanelLink: '#ccfbf1',
  },
} as const;
export type ColorName = keyof typeof PALETTES.light;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The custom property of a token: `--c-text-muted`, `--space-1-5`, `--font-size-md`, `--layout-sidebar`. */
export const cssVar = (group: Scale | 'c' | 'space', name: string | number) =>
  `--${kebab(group)}-${kebab(String(name).replace('.', '-'))}`;

const declarations = (entries: [string, string][]) => entries.map(([k, v]) => `  ${k}: ${v};`).join('\n');

/** Every token as custom properties: what `@design-tokens` in global.css becomes. */
export function tokensCss(): string {
  const fixed: [string, string][] = [
    ...SPACE_STEPS.map((n): [string, string] => [cssVar('space', n), `${n * 4}px`]),
    ...(Object.keys(SCALES) as Scale[]).flatMap((group) =>
      Object.entries(SCALES[group]).map(([name, value]): [string, string] => [cssVar(group, name), value]),
    ),
  ];
  const palette = (mode: keyof typeof PALETTES) =>
    declarations(Object.entries(PALETTES[mode]).map(([name, value]) => [cssVar('c', name), value]));
  return [
    `:root {\n  color-scheme: light;\n${declarations(fixed)}\n${palette('light')}\n}`,
    `:root[data-theme="dark"] {\n  color-scheme: dark;\n${palette('dark')}\n}`,
  ].join('\n');
}

/** Each token of a scale as a reference to its custom property. */
const refs = <G extends Scale>(group: G) =>
  Object.fromEntries(
    Object.keys(SCALES[group]).map((name) => [name, `var(${cssVar(group, name)})`]),
  ) as Record<keyof (typeof SCALES)[G], string>;

/**
 * The tokens for styled-components, as references to the custom properties: the generated CSS is the same in
 * both themes, so a theme change needs no re-render of styles, and the theme can be set before the first paint.
 */
export const theme = {
  space: (n: SpaceStep) => `var(${cssVar('space', n)})`,
  radius: refs('radius'),
  font: {
    family: `var(${cssVar('fontFamily', 'sans')})`,
    mono: `var(${cssVar('fontFamily', 'mono')})`,
    size: refs('fontSize'),
    weight: refs('fontWeight'),
  },
  shadow: refs('shadow'),
  motion: refs('motion'),
  layout: refs('layout'),
  control: refs('control'),
  color: Object.fromEntries(
    Object.keys(PALETTES.light).map((name) => [name, `var(${cssVar('c', name)})`]),
  ) as Record<ColorName, string>,
};
export type Theme = typeof theme;
