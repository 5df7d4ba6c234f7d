// Chat history with 10,000 sessions and a 5,000-message conversation (the mock API's large-data scenario):
// first list paint after the search answer, opening the long conversation, the worst frame while scrolling.
import { msRow, newPage, spread } from './measure.mjs';

const LONG_CONVERSATION_NUMBER = '6591234567';

const FIRST_ROW = `
  window.__ch = { firstRow: null };
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role="listbox"] [role="option"]')) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__ch.firstRow = performance.now(); });
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** Scrolls an element 600 px a frame for 90 frames; the longest gap between frames. */
const scrollWorstFrame = (selector) =>
  new Promise((resolve) => {
    const el = document.querySelector(selector);
    let last = performance.now();
    let worst = 0;
    let frames = 0;
    const step = (now) => {
      worst = Math.max(worst, now - last);
      last = now;
      el.scrollTop += frames < 45 ? 600 : -600;
      if (++frames < 90) requestAnimationFrame(step);
      else resolve(worst);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(step);
    });
  });

async function oneRun(browser, siteUrl, init) {
  const { context, page, cdp } = await newPage(browser, { init: init + FIRST_ROW });
  await page.goto(`${siteUrl}/chat-history`);
  await page.locator('[role="listbox"] [role="option"]').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => window.__ch.firstRow !== null);
  const listPaint = await page.evaluate(() => {
    const search = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/chat-session/search'));
    return window.__ch.firstRow - search[search.length - 1].responseEnd;
  });
  const listScroll = await page.evaluate(scrollWorstFrame, '[role="listbox"]');

  await page.goto(`${siteUrl}/chat-history?phone=${LONG_CONVERSATION_NUMBER}`);
  await page.locator('[role="listbox"] [role="option"]').first().waitFor({ timeout: 60_000 });
  const open = await page.evaluate(async () => {
    const option = document.querySelector('[role="listbox"] [role="option"]');
    const started = performance.now();
    option.click();
    await new Promise((resolve) => {
      const check = () => {
        const bubbles = document.querySelector('[role="region"][aria-label="Messages"] [data-index]');
        if (bubbles) requestAnimationFrame(() => resolve());
        else requestAnimationFrame(check);
      };
      check();
    });
    return performance.now() - started;
  });
  const count = await page.evaluate(
    () => document.querySelectorAll('[role="region"][aria-label="Messages"] [data-index]').length,
  );
  const messageScroll = await page.evaluate(scrollWorstFrame, '[role="region"][aria-label="Messages"]');
  // What stays in memory with the whole 10,000-session list and the long conversation open: its address
  // without the number filter.
  const conversation = new URL(page.url()).pathname;
  await page.goto(`${siteUrl}${conversation}`);
  await page
    .locator('[role="region"][aria-label="Messages"] [data-index]')
    .first()
    .waitFor({ timeout: 60_000 });
  // The list is virtual: its rows tell the full size.
  const listed = await page.waitForFunction(
    () =>
      Number(document.querySelector('[role="listbox"] [role="option"]')?.getAttribute('aria-setsize')) > 1000,
    null,
    { timeout: 60_000 },
  );
  await listed.dispose();
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await context.close();
  return {
    listPaint,
    listScroll,
    open,
    messageScroll,
    heapMiB: usedSize / 1024 / 1024,
    renderedBubbles: count,
  };
}

export async function chatHistoryScenario(browser, siteUrl, init, runs, budgets) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await oneRun(browser, siteUrl, init));
  const s = (k) => spread(samples.map((x) => x[k]));
  const heap = s('heapMiB');
  return {
    measured: true,
    listPaint: s('listPaint'),
    open: s('open'),
    listScrollWorstFrame: s('listScroll'),
    messageScrollWorstFrame: s('messageScroll'),
    heapMiB: heap,
    samples,
    rows: [
      msRow(
        'chat history, 10,000 sessions: first list paint after the answer',
        s('listPaint'),
        budgets.listPaintMs,
      ),
      msRow('chat history: open the 5,000-message conversation', s('open'), null),
      msRow('chat history: worst frame scrolling the list', s('listScroll'), budgets.scrollFrameMs),
      msRow(
        'chat history: worst frame scrolling the 5,000 messages',
        s('messageScroll'),
        budgets.scrollFrameMs,
      ),
      [
        'chat history: JS heap with the list and the 5,000-message conversation open',
        `${Math.round(heap.median)} MB (${Math.round(heap.min)}–${Math.round(heap.max)})`,
        `<= ${budgets.heapMiB} MB`,
        heap.median <= budgets.heapMiB,
      ],
    ],
  };
}
