import { expect, type Locator, type Page } from '@playwright/test';
import { open, qaPanel } from './qaTools';
import { expectNoAxeViolationsInBothThemes, resizeShell, shot, test } from './support';

/*
 * The demo's tools (the QA button and the scenario badge) are the demo's, not the product's: wherever they are,
 * they lie over nothing of the product, at a phone's, a tablet's and a laptop's width, with a dialog open too.
 */

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share more than a hairline (fractional pixels of edges that only touch do not count). */
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

const demoTools = (page: Page) => page.getByRole('complementary', { name: 'Demo tools' });

/** The demo tools' boxes where they are now: the whole of them, the QA button and the scenario badge. */
async function toolBoxes(page: Page): Promise<[string, Box][]> {
  const tools = demoTools(page);
  const parts: [string, Locator][] = [
    ['the demo tools', tools],
    ['the QA button', tools.getByRole('button', { name: 'QA', exact: true })],
    ['the scenario badge', tools.getByTestId('scenario-badge')],
  ];
  const boxes: [string, Box][] = [];
  for (const [name, part] of parts) {
    await expect(part, `${name} are on the page`).toBeVisible();
    const box = await part.boundingBox();
    if (box) boxes.push([name, box]);
  }
  return boxes;
}

/** The named parts of the product must show, and none of the demo tools may lie over any of them. */
async function expectClearOf(page: Page, product: Record<string, Locator>) {
  const tools = await toolBoxes(page);
  for (const [name, part] of Object.entries(product)) {
    await expect(part, `${name} shows`).toBeVisible();
    const box = await part.boundingBox();
    if (!box) throw new Error(`${name} has no box`);
    for (const [tool, toolBox] of tools)
      expect.soft(overlap(toolBox, box), `${tool} over ${name}`).toBe(false);
  }
}

/**
 * Every element of the page that shows (outside the demo tools) against the demo tools' box, where the page is
 * scrolled now: the names of those they lie over (an empty list is the goal).
 */
const coveredByTools = (page: Page) =>
  demoTools(page).evaluate((tools) => {
    const own = tools.getBoundingClientRect();
    const covered: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (tools.contains(element) || element.contains(tools)) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // A visually hidden text (for screen readers) is a pixel that shows nothing.
      if (box.width <= 1 || box.height <= 1) continue;
      const width = Math.min(own.right, box.right) - Math.max(own.left, box.left);
      const height = Math.min(own.bottom, box.bottom) - Math.max(own.top, box.top);
      if (width > 0.5 && height > 0.5)
        covered.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`);
    }
    return covered;
  });

/** Over nothing at the top of the page (where the top bar, the brand and the corner controls are) and at its end. */
async function expectToolsCoverNothing(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect.soft(await coveredByTools(page), 'the demo tools at the top of the page').toEqual([]);
  await demoTools(page).scrollIntoViewIfNeeded();
  expect.soft(await coveredByTools(page), 'the demo tools scrolled into view').toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const width of [375, 768, 1366]) {
  test(`at ${width} px the demo tools lie over nothing of the product, also under a dialog`, async ({
    page,
  }) => {
    const mobile = width <= 768;
    await page.setViewportSize({ width, height: 800 });
    // A scenario other than the default, so that its badge shows beside the QA button.
    await open(page, '/login?scenario=qr-never-scanned', null);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('scenario-badge')).toHaveText('Scenario: qr-never-scanned');
    const corner = {
      'the language menu': page.getByRole('button', { name: /^Language: / }),
      'the theme menu': page.getByRole('button', { name: /^Theme: / }),
    };
    // The sign-in page shows its brand beside the form from the width of a laptop.
    await expectClearOf(
      page,
      mobile
        ? corner
        : {
            ...corner,
            'the brand': page.getByText('Influx', { exact: true }),
            'the "Early access" badge': page.getByText('Early access'),
          },
    );
    await expectToolsCoverNothing(page);
    await shot(page, `demo-tools-login-${width}`);

    await open(page, '/bind-whatsapp', 'owner');
    await resizeShell(page, width, 800);
    await expect(page.getByRole('heading', { level: 2, name: 'Main support line' })).toBeVisible();
    const bar = {
      'the brand': page.getByText('Influx', { exact: true }).first(),
      'the "Early access" badge': page.getByText('Early access').first(),
      ...(mobile
        ? { 'the menu button': page.getByRole('button', { name: 'Open menu' }) }
        : { "the sidebar's collapse button": page.getByRole('button', { name: 'Collapse sidebar' }) }),
    };
    await expectClearOf(page, bar);
    await expectToolsCoverNothing(page);
    await expectNoAxeViolationsInBothThemes(page, `demo-tools-${width}`);

    // A dialog as tall as the window (its top then sits at the window's top margin, where tools at the top were).
    await page.getByRole('button', { name: 'Settings for Main support line' }).click();
    const dialog = page.getByRole('dialog', { name: 'Instance settings' });
    await expect(dialog.getByRole('combobox', { name: 'Chatbot' })).toBeEnabled();
    const tall = await dialog.evaluate((d) => Math.ceil(d.scrollHeight + 32));
    await page.setViewportSize({ width, height: tall });
    await expectClearOf(page, {
      'the dialog': dialog,
      "the dialog's title": dialog.getByRole('heading', { name: 'Instance settings' }),
      "the dialog's close button": dialog.getByRole('button', { name: 'Close', exact: true }),
    });
    await shot(page, `demo-tools-dialog-${width}`, { fullPage: false });

    // Out of the way, and still one scroll away: the QA button opens the panel.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await demoTools(page).getByRole('button', { name: 'QA', exact: true }).click();
    await expect(qaPanel(page).getByRole('heading', { name: 'QA tools' })).toBeFocused();
  });
}
