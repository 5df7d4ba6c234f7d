// The dashboard's trend chart: from the end of the trends answer to the frame where every chart is drawn and
// answers a key (its canvas painted, its handlers attached), cold, unthrottled.
import { msRow, newPage, spread } from './measure.mjs';

/** Records the first frame in which each chart on the page holds its drawing. */
const DRAWN = `
  window.__trends = { drawn: null };
  new MutationObserver((_, observer) => {
    const charts = [...document.querySelectorAll('[aria-roledescription="chart"]')];
    if (charts.length && charts.every((c) => c.querySelector('canvas'))) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__trends.drawn = performance.now(); });
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function oneRun(browser, siteUrl, init) {
  const { context, page } = await newPage(browser, { init: init + DRAWN });
  await page.goto(`${siteUrl}/`);
  await page.waitForFunction(() => window.__trends.drawn !== null, null, { timeout: 60_000 });
  const afterData = await page.evaluate(() => {
    const answers = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/dashboard/trends'));
    return window.__trends.drawn - answers[answers.length - 1].responseEnd;
  });
  // It answers: End shows the last day's value in the readout.
  const chart = page.locator('[aria-roledescription="chart"]').first();
  await chart.focus();
  await page.keyboard.press('End');
  const readout = await page.getByTestId('trend-readout').first().textContent();
  await context.close();
  if (!readout?.trim()) throw new Error('bench: the trend chart did not answer a key');
  return afterData;
}

export async function trendsScenario(browser, siteUrl, init, runs, budgetMs) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await oneRun(browser, siteUrl, init));
  const s = spread(samples);
  return {
    interactive: s,
    samples,
    row: msRow('trend chart: interactive after the data arrives', s, budgetMs),
  };
}
