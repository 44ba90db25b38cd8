import type { Locator, Page, Request } from 'playwright-core';

/** The main signed-in pages (spec section 2) and what each shows once its data is in. */
export const MAIN_PAGES: ReadonlyArray<{
  path: string;
  as: 'ADMIN' | 'STAFF';
  content: (page: Page) => Locator;
}> = [
  { path: '/admin', as: 'ADMIN', content: (page) => settled(page, 'Leave requests') },
  {
    path: '/admin/users',
    as: 'ADMIN',
    content: (page) => page.getByText(/^A total of \d+ staff members\.$/),
  },
  {
    path: '/admin/process-pay',
    as: 'ADMIN',
    content: (page) => page.getByText(/^A total of \d+ payslips to process\.$/),
  },
  { path: '/staff', as: 'STAFF', content: (page) => settled(page, 'Your leave requests') },
];

const settled = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).and(page.locator('[aria-busy="false"]'));

export interface PageLoad {
  /**
   * The longest run of scripts before the page's first API request in which each was asked for only
   * after the one before had arrived: the code downloads the data request waited on one after another.
   */
  chain: string[];
  /** The page's first API request, method and path. */
  firstApi: string;
  /** From asking for the page until its content showed, in ms. */
  contentMs: number;
}

/**
 * Loads a page of a signed-in tab with the browser's cache off, as a reload right after a new version
 * was deployed, and records which code the page's first data request waited for. The order of the
 * browser's own events decides what came after what, not the clocks of a machine that may be busy.
 */
export async function measurePageLoad(
  page: Page,
  path: string,
  content: (page: Page) => Locator,
): Promise<PageLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let tick = 0;
  const asked = new Map<Request, number>();
  const arrived = new Map<Request, number>();
  const requests: Array<{ request: Request; url: URL; method: string }> = [];
  const onRequest = (request: Request) => {
    asked.set(request, ++tick);
    requests.push({ request, url: new URL(request.url()), method: request.method() });
  };
  const onFinished = (request: Request) => arrived.set(request, ++tick);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  try {
    const started = performance.now();
    await page.goto(path, { waitUntil: 'commit' });
    await content(page).waitFor({ timeout: 60_000 });
    const contentMs = performance.now() - started;
    const api = requests.find((r) => r.url.pathname.startsWith('/api/'));
    if (!api) throw new Error(`${path} showed its content without asking the API`);
    const apiAsked = asked.get(api.request) ?? 0;
    const scripts = requests
      .filter((r) => r.url.pathname.endsWith('.js') && (arrived.get(r.request) ?? Infinity) < apiAsked)
      .map((r) => ({
        name: r.url.pathname,
        asked: asked.get(r.request) ?? 0,
        arrived: arrived.get(r.request) ?? 0,
      }));
    // Longest chain, scripts in the order they were asked for: each one's longest run ending with it.
    const runs: string[][] = [];
    scripts.forEach((script, i) => {
      const before = scripts
        .slice(0, i)
        .map((other, j) => ({ other, run: runs[j] ?? [] }))
        .filter(({ other }) => other.arrived < script.asked)
        .reduce<string[]>((longest, { run }) => (run.length > longest.length ? run : longest), []);
      runs.push([...before, script.name]);
    });
    const chain = runs.reduce<string[]>((longest, run) => (run.length > longest.length ? run : longest), []);
    return { chain, firstApi: `${api.method} ${api.url.pathname}`, contentMs };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
}
