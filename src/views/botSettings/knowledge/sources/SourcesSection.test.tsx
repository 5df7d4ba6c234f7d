import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LUMEN_FAILURE, LUMEN_SITE } from '../../../../../mocks/crawlSite';
import { db } from '../../../../../mocks/db';
import { crawlMock, crawlOn, givenSource, PAGE_LIMIT } from '../../../../../mocks/handlers/knowledgeSources';
import { resetAndSeed, server } from '../../../../../mocks/node';
import { DEMO_OWNER } from '../../../../../mocks/seed';
import { recordRequests, withMockServer } from '../../../../../mocks/testing';
import { renderApp, warmUp } from '../../../../../tests/render';

withMockServer();
warmUp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
  // The test moves each crawl (crawlOn); the screen's readings, however many, only show it.
  crawlMock.advancesOnRead = false;
});
afterEach(() => {
  crawlMock.advancesOnRead = true;
});

async function openWebsites() {
  const user = userEvent.setup();
  await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
  const section = await screen.findByRole('region', { name: 'Websites' });
  await within(section).findByText(/of 50 pages/, {}, { timeout: 10_000 });
  return { user, section };
}

/** Shows the open crawl as it is now: hiding and showing its pages reads it at once. */
async function readAgain(user: ReturnType<typeof userEvent.setup>, section: HTMLElement) {
  await user.click(within(section).getByRole('button', { name: 'Hide the pages' }));
  await user.click(within(section).getByRole('button', { name: 'Show the pages' }));
}

describe('website sources in the Knowledge tab (beyond the spec)', () => {
  it('adds the help site and shows its crawl page by page, the failed page with its reason', async () => {
    const { user, section } = await openWebsites();
    expect(within(section).getByText(`0 of ${PAGE_LIMIT} pages`)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add a website' }));
    await user.type(
      within(section).getByRole('textbox', { name: 'Website address' }),
      'help.lumen-shop.example',
    );
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Depth' }), '2');
    await user.click(within(section).getByRole('button', { name: 'Add and crawl' }));

    // The crawl starts with its start page queued; one page crawled, it has found the eight it links to.
    const crawl = await within(section).findByRole('region', {
      name: 'The crawl of help.lumen-shop.example',
    });
    expect(await within(crawl).findByText('Crawling: 0 of 1 pages read, 0 failed.')).toBeInTheDocument();
    const [source] = db.crawlSources.all();
    await crawlOn(source?.id ?? '', 1);
    await readAgain(user, section);
    const crawling = await within(section).findByRole('region', {
      name: 'The crawl of help.lumen-shop.example',
    });
    expect(
      await within(crawling).findByText(/^Crawling: 1 of (9|10) pages read, 0 failed\.$/),
    ).toBeInTheDocument();
    expect(
      Number(within(crawling).getByRole('progressbar', { name: 'Progress' }).getAttribute('value')),
    ).toBeGreaterThan(0);
    const pages = within(crawling).getByRole('list', { name: 'Pages of help.lumen-shop.example' });
    expect(within(pages).getAllByText('Queued').length).toBeGreaterThanOrEqual(7);
    expect(within(section).getByRole('button', { name: 'Cancel the crawl' })).toBeEnabled();

    await crawlOn(source?.id ?? '', 9);
    await readAgain(user, section);
    const synced = await within(section).findByRole('region', {
      name: 'The crawl of help.lumen-shop.example',
    });
    expect(await within(synced).findByText('Synced: 9 pages fetched, 1 failed.')).toBeInTheDocument();
    const careers = within(synced).getByText(`${LUMEN_SITE}/careers`).closest('li') as HTMLElement;
    expect(within(careers).getByText('Failed')).toBeInTheDocument();
    expect(within(careers).getByText(`Why: ${LUMEN_FAILURE}`)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Cancel the crawl' })).toBeNull();
    const item = within(within(section).getByRole('list', { name: 'Websites' })).getAllByRole('listitem')[0];
    expect(
      within(item as HTMLElement).getByText('What changed: 9 added, 0 changed, 0 removed'),
    ).toBeInTheDocument();
    expect(within(item as HTMLElement).getByText(/Last synced/)).toBeInTheDocument();
    expect(within(section).getByText(`9 of ${PAGE_LIMIT} pages`)).toBeInTheDocument();
    // The server's addresses are links only as http(s), opened apart from this page.
    expect(within(careers).getByRole('link', { name: `${LUMEN_SITE}/careers` })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('refuses a private address before sending it, keeping what was typed, and focuses it', async () => {
    const { user, section } = await openWebsites();
    const seen = recordRequests();
    await user.click(within(section).getByRole('button', { name: 'Add a website' }));
    const url = within(section).getByRole('textbox', { name: 'Website address' });
    await user.type(url, 'http://2130706433/');
    await user.click(within(section).getByRole('button', { name: 'Add and crawl' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'A crawler must not be pointed at a private network',
    );
    expect(url).toHaveFocus();
    expect(url).toHaveValue('http://2130706433/');
    expect(seen.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('changes the schedule, re-syncs, and deletes a website only once confirmed', async () => {
    const source = await givenSource(DEMO_OWNER.id, 'bot-ava', { url: LUMEN_SITE, depth: 1 });
    await crawlOn(source.id, 20);
    const { user, section } = await openWebsites();
    const list = within(section).getByRole('list', { name: 'Websites' });
    await user.selectOptions(within(list).getByRole('combobox', { name: 'Re-sync' }), 'weekly');
    expect(await within(list).findByText(/Next sync/)).toBeInTheDocument();
    expect(db.crawlSources.all()[0]?.schedule).toBe('weekly');

    await user.click(within(list).getByRole('button', { name: 'Re-sync now' }));
    expect(await within(section).findByText(/^Crawling: /)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this website?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.crawlSources.count()).toBe(1);
    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete the website' }),
    );
    expect(await within(section).findByText(`0 of ${PAGE_LIMIT} pages`)).toBeInTheDocument();
    expect(db.crawlSources.count()).toBe(0);
  });

  it('at the page limit, offers no more and says why', async () => {
    for (let i = 0; i < 7; i++) {
      const source = await givenSource(DEMO_OWNER.id, 'bot-ava', {
        url: `https://shop${i}.example`,
        depth: 3,
      });
      await crawlOn(source.id, 20);
    }
    const { section } = await openWebsites();
    expect(within(section).getByText(`${PAGE_LIMIT} of ${PAGE_LIMIT} pages`)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add a website' })).toBeDisabled();
    expect(
      within(section).getByText(
        'The bot holds as many pages as its plan allows: delete a website to add another.',
      ),
    ).toBeInTheDocument();
  });

  it('on a server without the calls, says so once and quietly', async () => {
    server.use(http.get('*/api/v1/chatbots/:id/sources', () => new HttpResponse(null, { status: 404 })));
    await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
    expect(
      await screen.findByText('This server does not offer website sources: the bot learns from its files.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
