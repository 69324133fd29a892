import type { HTTPRequest, Page } from 'puppeteer';

// The page may show only what its own HTML holds: data: URLs and about:blank.
const ALLOWED_URL = /^(data:|about:blank$)/;

/**
 * Loads our own escaped HTML into a page with JavaScript off and every network request refused,
 * so document data can never reach the network. Every renderer of the shared browser uses it.
 */
export async function loadIsolatedHtml(page: Page, htmlDocument: string): Promise<void> {
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (ALLOWED_URL.test(request.url())) void request.continue();
    else void request.abort('blockedbyclient');
  });
  await page.setContent(htmlDocument, { waitUntil: 'load', timeout: 30_000 });
}
