// How fast the app answers a user: the longest Event Timing entry (input delay + handlers + the next paint)
// of typing, clicking a tab, opening a dialog and starring, in the production build against the mock API.
import { median, newPage } from './measure.mjs';

/** Interactions at or under 16 ms are not reported by the browser: they count as 16 ms. */
const FLOOR_MS = 16;

const INTERACTIONS = [
  {
    label: 'typing an e-mail (sign-in page)',
    path: '/login',
    signedIn: false,
    prepare: (page) => page.getByRole('textbox', { name: 'E-mail' }).click(),
    act: (page) => page.keyboard.type('someone@example.com', { delay: 40 }),
  },
  {
    label: 'clicking a tab (bot settings)',
    path: '/bot-settings',
    signedIn: true,
    prepare: (page) => page.getByRole('tab', { name: 'Prompt', exact: true }).waitFor(),
    act: (page) => page.getByRole('tab', { name: 'Prompt', exact: true }).click(),
  },
  {
    label: 'opening a dialog (instance settings)',
    path: '/bind-whatsapp',
    signedIn: true,
    prepare: (page) =>
      page
        .getByRole('button', { name: /^Settings for / })
        .first()
        .waitFor(),
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Settings for / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Instance settings' }).waitFor();
    },
  },
  {
    label: 'starring a conversation (chat history)',
    path: '/chat-history',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByRole('button', { name: 'Star', exact: true }).waitFor();
    },
    act: (page) => page.getByRole('button', { name: 'Star', exact: true }).click(),
  },
];

async function measureOne(browser, siteUrl, init, interaction) {
  const { context, page } = await newPage(browser, { init: interaction.signedIn ? init : '' });
  await page.goto(`${siteUrl}${interaction.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  await interaction.prepare(page);
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.__perf.maxEvent = 0;
  });
  await interaction.act(page);
  // Event Timing entries arrive after the paint that follows the event.
  await page.waitForTimeout(500);
  const worst = await page.evaluate(() => window.__perf.maxEvent);
  await context.close();
  return Math.max(worst, FLOOR_MS);
}

export async function interactionScenario(browser, siteUrl, init, runs, budgetMs) {
  const rows = [];
  const measured = {};
  for (const interaction of INTERACTIONS) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measureOne(browser, siteUrl, init, interaction));
    measured[interaction.label] = { median: median(samples), samples };
    const value = median(samples);
    rows.push([
      `interaction: ${interaction.label}`,
      `${value <= FLOOR_MS ? '<= ' : ''}${Math.round(value)} ms`,
      `<= ${budgetMs} ms`,
    ]);
  }
  return { measured, rows };
}
