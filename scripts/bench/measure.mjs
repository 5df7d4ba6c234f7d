// Page measurements with playwright-core and Chromium's DevTools protocol.

/** Chrome DevTools' "Fast 3G" preset. */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
export const CPU_SLOWDOWN = 4;

/** Registered before any page script: paints, largest paint, long tasks and slow interactions. */
export const OBSERVERS = `
  window.__perf = { fcp: null, lcp: null, longTask: 0, longTasks: 0, maxEvent: 0 };
  const observe = (type, fn, extra = {}) => {
    try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra }); } catch {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') __perf.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { __perf.lcp = e.startTime; });
  observe('longtask', (e) => { __perf.longTask += e.duration; __perf.longTasks += 1; });
  observe('event', (e) => { __perf.maxEvent = Math.max(__perf.maxEvent, e.duration); }, { durationThreshold: 16 });
`;

export async function newPage(browser, { throttled = false, init = '' } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  await context.addInitScript(OBSERVERS + init);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  return { context, page, cdp };
}

/**
 * Waits until no request has finished for `quietMs` (the screen's calls are answered and drawn): "network
 * idle" never comes on a screen that keeps its live events stream open.
 */
export async function settled(page, quietMs) {
  let count = -1;
  let since = Date.now();
  for (;;) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/** Loads a URL cold, waits until it is settled and reads the figures. */
export async function measureLoad(browser, url, { throttled, ready, init }) {
  const { context, page, cdp } = await newPage(browser, { throttled, init });
  const scripts = [];
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await ready(page);
  await settled(page, throttled ? 2000 : 1000);
  const perf = await page.evaluate(() => window.__perf);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await context.close();
  return { fcp: perf.fcp, lcp: perf.lcp, longTask: perf.longTask, heap: usedSize, scripts };
}

export const median = (values) => {
  const v = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** The median and the range of a set of runs (null when none measured). */
export function spread(values) {
  const v = values.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!v.length) return null;
  return { median: median(v), min: v[0], max: v[v.length - 1] };
}

/** "412 ms (380–455)": the median and the range of the runs. */
export const msSpread = (s) =>
  s == null ? 'n/a' : `${Math.round(s.median)} ms (${Math.round(s.min)}–${Math.round(s.max)})`;

/** A row of the bench table: what, its median and range, the budget, and whether the median meets it. */
export const msRow = (label, s, budgetMs) => [
  label,
  msSpread(s),
  budgetMs == null ? '' : `<= ${budgetMs} ms`,
  budgetMs == null || s == null ? null : s.median <= budgetMs,
];
