import { existsSync } from 'node:fs';

// How the tests and the benchmark launch Chromium: Debian's, since test tools cannot download browsers here.

/** The desktop browser: the benchmark measures pages as people get them. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (package chromium-headless-shell): the same engine and version without the desktop
 * browser's UI, GPU and window machinery. A page load of the demo costs it about half the CPU (2.0 s against
 * 3.8 s over all processes, two cores), which is most of what the end-to-end tests do, so they drive it.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** What the end-to-end tests drive: CHROMIUM_PATH when set, else the headless shell, else the desktop browser. */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Headless in a container, and quiet: no background traffic to skew timings or reach the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
