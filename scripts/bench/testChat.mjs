// The test chat's streamed reply: from the moment the first token's bytes are handed to the page (the stream
// reader's read() resolves with them) to the frame that shows the token, cold, unthrottled.
import { msRow, newPage, spread } from './measure.mjs';

/**
 * Wraps the stream reader to note when the first chunk carrying a token arrives, and watches the
 * conversation for the first frame in which the bot's reply has text.
 */
const FIRST_TOKEN = `
  window.__chat = { bytes: null, shown: null };
  const decoder = new TextDecoder();
  const read = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = function () {
    return read.call(this).then((result) => {
      if (window.__chat.bytes === null && result.value) {
        const text = typeof result.value === 'string' ? result.value : decoder.decode(result.value);
        if (text.includes('"delta"')) window.__chat.bytes = performance.now();
      }
      return result;
    });
  };
  new MutationObserver(() => {
    if (window.__chat.bytes === null || window.__chat.shown !== null) return;
    // A bubble starts with its speaker, hidden but for screen readers: "You:" or the bot's name.
    const log = document.querySelector('[role="log"]');
    const replies = log
      ? [...log.children].filter((b) => {
          const speaker = b.querySelector('.visually-hidden')?.textContent ?? 'You:';
          return speaker !== 'You:' && b.textContent.slice(speaker.length).trim() !== '';
        })
      : [];
    if (replies.length) {
      window.__chat.shown = -1;
      requestAnimationFrame(() => { window.__chat.shown = performance.now(); });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

async function oneRun(browser, siteUrl, init) {
  const { context, page } = await newPage(browser, { init: init + FIRST_TOKEN });
  await page.goto(`${siteUrl}/bot-settings?tab=test`);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('What are your opening hours?');
  await message.press('Enter');
  await page.waitForFunction(() => window.__chat.shown > 0, null, { timeout: 60_000 });
  const latency = await page.evaluate(() => window.__chat.shown - window.__chat.bytes);
  await context.close();
  return latency;
}

export async function testChatScenario(browser, siteUrl, init, runs, budgetMs) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await oneRun(browser, siteUrl, init));
  const s = spread(samples);
  return {
    firstToken: s,
    samples,
    row: msRow('test chat: first token on screen after its bytes arrive', s, budgetMs),
  };
}
