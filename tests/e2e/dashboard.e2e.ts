import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  OWNER,
  pageNow,
  resizeShell,
  shot,
  signIn,
  test,
} from './support';

/** A figure straight from the (mock) API, to compare the screen with. */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const r = await fetch(`/api/v1${p}`, { headers: { Authorization: 'Bearer demo-owner-token' } });
    return r.json();
  }, path);
}

type Comparison = { countsOfToday: number; countsOfYesterday: number };

/** The spec's comparison text, computed independently of the app's code (whole percent, half up). */
function expected({ countsOfToday: today, countsOfYesterday: yesterday }: Comparison) {
  if (yesterday === 0) return `+ ${today}`;
  const pct = (a: number, b: number) => Math.floor((200 * a + b) / (2 * b));
  return today > yesterday
    ? `+ ${pct(today - yesterday, yesterday)}%`
    : `- ${pct(yesterday - today, yesterday)}%`;
}

const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** Failed loads of a scenario show up as console errors of the browser; anything else is a defect. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

test.describe('dashboard', () => {
  test.describe('at midday', () => {
    // Seeded at its own moment, as a visitor's demo is: the worker's seed is from the suite's moment.
    test.use({ preseeded: false });

    test('signs in and shows the seeded figures, the comparison with yesterday and the recent activity', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      // Midday: just after midnight the demo honestly has no conversations today yet (its line went quiet 5
      // minutes ago), and this test is about a day with some. Timers still run.
      const midday = pageNow();
      midday.setHours(12, 0, 0, 0);
      await page.clock.setFixedTime(midday);
      await signIn(page, OWNER);
      await page.waitForURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      const instances = await api<{ count: number }>(page, '/whatsapp/count/active');
      const bots = await api<{ count: number }>(page, '/chatbots/count/active');
      const messages = await api<Comparison>(page, '/chat-message/compare/yesterday');
      const users = await api<Comparison>(page, '/chat-session/count/whatsapp-users');
      const activity = await api<Array<{ createdAt: string; description: string }>>(
        page,
        '/activity-log/list',
      );
      expect(instances.count).toBe(0);
      expect(bots.count).toBe(3);
      expect(messages.countsOfToday).toBeGreaterThan(0);

      await expect(card(page, 'Active bound instances')).toContainText(String(instances.count));
      await expect(card(page, 'Active bots')).toContainText(String(bots.count));
      await expect(card(page, "Today's messages")).toContainText(
        `${messages.countsOfToday}${expected(messages)} from yesterday`,
      );
      await expect(card(page, 'WhatsApp users')).toContainText(
        `${users.countsOfToday}${expected(users)} from yesterday`,
      );

      const list = page.getByRole('region', { name: 'Recent activity entries' });
      const first = activity[0];
      if (!first) throw new Error('the demo has activity');
      const time = await page.evaluate((iso) => {
        const d = new Date(iso);
        return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
      }, first.createdAt);
      await expect(list.getByRole('listitem').first()).toContainText(time);
      // The kind in the interface's words, and what the server says the entry is about.
      const [kind, subject] = first.description.split(': ');
      await expect(list.getByRole('listitem').first().getByRole('paragraph')).toHaveText([
        kind ?? '',
        subject ?? '',
      ]);

      await page.getByRole('link', { name: /^Bind WhatsApp Connect a number/ }).click();
      await page.waitForURL('/bind-whatsapp');
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });

  test('no axe violations, desktop and 768 px', async ({ page }) => {
    await asOwner(page);
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Recent activity entries' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(card(page, 'WhatsApp users')).toContainText('from yesterday');
    await expectNoAxeViolationsInBothThemes(page, '4-dashboard');
    await resizeShell(page, 768, 1000);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolationsInBothThemes(page, '4-dashboard-768');
  });

  test('with every call failing, each panel shows its error and a retry, and the page stays usable', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await asOwner(page);
    await page.goto('/?scenario=server-error');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const title of [
      'Active bound instances',
      "Today's messages",
      'Active bots',
      'WhatsApp users',
      'Recent activity',
    ]) {
      const panel = card(page, title);
      await expect(panel.getByRole('alert')).toContainText('Internal server error');
      await expect(panel.getByRole('button', { name: 'Retry' })).toBeEnabled();
    }
    // A retry goes back to the server and fails again, in its own card only.
    const bots = card(page, 'Active bots');
    await bots.getByRole('button', { name: 'Retry' }).click();
    await expect(bots.getByRole('alert')).toContainText('Internal server error');
    await expectNoAxeViolations(page);
    await shot(page, '4-dashboard-server-error');
    // Navigation still works.
    await page.getByRole('link', { name: /^Chat history Review/ }).click();
    await page.waitForURL('/chat-history');
    expect(unexpected(errors)).toEqual([]);
  });
});
