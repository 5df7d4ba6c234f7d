/*
 * The web the mock's crawler reads (issue 33): no real request ever leaves the mock. One fictional shop's help
 * site, LUMEN_SITE, whose careers page always fails and which changes on its second crawl (a page's text
 * changes, a page is added, one removed); any other host gets a small site generated from its name. Both are
 * the same on every run: a page is a function of the host, the path and the how-many-th crawl it is.
 */

export const LUMEN_SITE = 'https://help.lumen-shop.example';
export const LUMEN_FAILING_PATH = '/careers';
export const LUMEN_FAILURE = 'Server answered 500';

export type SitePage =
  | { ok: true; title: string; text: string; links: string[] }
  | { ok: false; reason: string };

interface PageSpec {
  title: string;
  text: string;
  links?: string[];
}

const LUMEN_PAGES: Record<string, PageSpec> = {
  '/': {
    title: 'Lumen Shop Help Centre',
    text: 'Answers about orders, delivery, returns and payment at Lumen Shop.',
    links: ['/shipping', '/returns', '/payment', '/sizes', '/contact', '/opening-hours', '/blog', '/careers'],
  },
  '/shipping': {
    title: 'Shipping',
    text: 'We ship to Singapore, Malaysia, Hong Kong and Taiwan. Delivery takes 3 to 5 working days; shipping is free from 50 dollars.',
  },
  '/returns': {
    title: 'Returns',
    text: 'You can return an unworn item within 30 days. Print the label from your order page; the refund reaches your card within 7 days.',
  },
  '/payment': {
    title: 'Payment',
    text: 'We accept Visa, Mastercard, Alipay, WeChat Pay and PayNow. Prices include tax.',
  },
  '/sizes': {
    title: 'Size guide',
    text: 'Our sizes run small: if you are between two sizes, take the larger one. Measurements are in centimetres.',
  },
  '/contact': {
    title: 'Contact us',
    text: 'Write to help@lumen-shop.example or message us on WhatsApp. We answer within one working day.',
    links: ['/opening-hours'],
  },
  '/opening-hours': {
    title: 'Opening hours',
    text: 'Our shop on Orchard Road is open Monday to Saturday, 10:00 to 20:00, and Sunday 12:00 to 18:00.',
  },
  '/blog': {
    title: 'Blog',
    text: 'News from Lumen Shop.',
    links: ['/blog/autumn-collection'],
  },
  '/blog/autumn-collection': {
    title: 'Our autumn collection is here',
    text: 'Wool coats, linen shirts and a new range of scarves, made in small batches.',
  },
};

/** The site as its second and later crawls find it. */
function lumenPagesOnCrawl(crawl: number): Record<string, PageSpec> {
  if (crawl < 2) return LUMEN_PAGES;
  const { '/sizes': _removed, ...rest } = LUMEN_PAGES;
  return {
    ...rest,
    '/': {
      ...LUMEN_PAGES['/'],
      links: [...(LUMEN_PAGES['/']?.links ?? []).filter((l) => l !== '/sizes'), '/gift-cards'],
    } as PageSpec,
    '/shipping': {
      title: 'Shipping',
      text: 'We ship to Singapore, Malaysia, Hong Kong, Taiwan and Japan. Delivery takes 2 to 4 working days; shipping is free from 40 dollars.',
    },
    '/gift-cards': {
      title: 'Gift cards',
      text: 'Gift cards of 20, 50 or 100 dollars, sent by email, valid for two years.',
    },
  };
}

/** A small number from a text, the same on every run (FNV-1a). */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193);
  return h >>> 0;
}

const TOPICS = ['coffee', 'bicycles', 'tea', 'plants', 'books', 'shoes', 'lamps', 'toys'];

/** A site made from its host name: a home page, four sections, and pages two and three links away. */
function generatedPages(host: string): Record<string, PageSpec> {
  const name = host.replace(/^www\./, '').split('.')[0] || host;
  const topic = TOPICS[hashOf(host) % TOPICS.length] ?? 'goods';
  return {
    '/': {
      title: `${name} — home`,
      text: `${name} sells ${topic} online.`,
      links: ['/about', '/products', '/faq', '/contact'],
    },
    '/about': {
      title: `About ${name}`,
      text: `${name} has sold ${topic} since ${2000 + (hashOf(name) % 20)}.`,
    },
    '/products': {
      title: 'Products',
      text: `Our ${topic}, with prices and stock.`,
      links: ['/products/new'],
    },
    '/products/new': {
      title: `New ${topic}`,
      text: `This season's new ${topic}.`,
      links: ['/products/new/spring'],
    },
    '/products/new/spring': { title: `Spring ${topic}`, text: `The spring range of ${topic}.` },
    '/faq': {
      title: 'Questions',
      text: `Orders of ${topic} ship within two days; returns are free within 14 days.`,
      links: ['/faq/orders'],
    },
    '/faq/orders': { title: 'Orders', text: 'Track an order from the link in its confirmation email.' },
    '/contact': { title: 'Contact', text: `Write to hello@${host}.` },
  };
}

/** The page at `url` as the `crawl`-th crawl (1 for the first) of its site finds it. */
export function sitePage(url: string, crawl: number): SitePage {
  const { host, pathname } = new URL(url);
  const path = pathname.replace(/\/+$/, '') || '/';
  const lumen = host === new URL(LUMEN_SITE).host;
  if (lumen && path === LUMEN_FAILING_PATH) return { ok: false, reason: LUMEN_FAILURE };
  const pages = lumen ? lumenPagesOnCrawl(crawl) : generatedPages(host);
  const page = pages[path];
  if (!page) return { ok: false, reason: 'Not found (404)' };
  return { ok: true, title: page.title, text: page.text, links: page.links ?? [] };
}
