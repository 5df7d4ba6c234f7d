import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  pauseClock,
  resizeShell,
  runClockUntil,
  shot,
  test,
} from './support';

/**
 * The owner's first bot, Knowledge tab, in Simplified Chinese. The page's clock is held still: the open crawl is
 * read again every 2 s of it, one page further each time, so the crawl moves only as far as the test moves it.
 */
async function openWebsites(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
  await page.getByRole('tab', { name: '知识库', exact: true }).click();
  await pauseClock(page);
  const section = page.getByRole('region', { name: '网站' });
  await expect(section.getByText('已用 0 / 50 个页面')).toBeVisible();
  return section;
}

test.describe('knowledge: website sources (zh-CN)', () => {
  test('a private address is refused; the help site is crawled page by page, its one failing page with the reason', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const section = await openWebsites(page);
    await section.getByRole('button', { name: '添加网站' }).click();
    const address = section.getByRole('textbox', { name: '网站地址' });

    // The cloud's metadata address: refused before anything is sent, the field keeps it and has the focus.
    await address.fill('http://169.254.169.254/latest/meta-data/');
    await section.getByRole('button', { name: '添加并抓取' }).click();
    await expect(section.getByRole('alert')).toContainText('抓取程序不得指向私有网络');
    await expect(address).toBeFocused();
    await expect(address).toHaveValue('http://169.254.169.254/latest/meta-data/');

    await address.fill('help.lumen-shop.example');
    await section.getByRole('button', { name: '添加并抓取' }).click();
    const crawl = section.getByRole('region', { name: 'help.lumen-shop.example 的抓取' });
    await expect(crawl.getByText(/^抓取中：已读取 1 \/ 9 个页面，0 个失败。$/)).toBeVisible();
    await expect(crawl.getByRole('progressbar', { name: '进度' })).toHaveAttribute('value', '1');
    await expect(crawl.getByRole('button', { name: '取消抓取' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'knowledge-sources-crawling', { heldClock: true });

    const done = crawl.getByText('已同步：已抓取 9 个页面，1 个失败。');
    await runClockUntil(page, () => done.isVisible());
    const careers = crawl
      .getByRole('listitem')
      .filter({ hasText: 'https://help.lumen-shop.example/careers' });
    await expect(careers).toContainText('Server answered 500');
    await expect(careers).toContainText('失败');
    await expect(crawl.getByRole('button', { name: '取消抓取' })).toHaveCount(0);
    await expect(section.getByText('已用 9 / 50 个页面')).toBeVisible();
    await expect(section.getByText('变化：新增 9，修改 0，删除 0')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'knowledge-sources-synced', { heldClock: true });

    // On a phone and a tablet the section fits the width: long addresses wrap, nothing scrolls sideways.
    for (const [width, height] of [
      [375, 812],
      [768, 1024],
    ] as const) {
      await resizeShell(page, width, height);
      await expect(careers).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `knowledge-sources-${width}`);
    }
    expect(errors).toEqual([]);
  });
});
