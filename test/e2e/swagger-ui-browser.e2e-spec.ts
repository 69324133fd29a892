import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { Browser } from 'puppeteer';
import { createTestApp, TestApp } from '@app/testing';

/**
 * Swagger UI in a real browser, served over plain HTTP on an address that is not localhost (as on
 * a LAN or a staging host): with `upgrade-insecure-requests` in its CSP, Chromium would fetch the
 * page's scripts over HTTPS and the page would stay blank.
 */
describe('Swagger UI in headless Chromium over plain HTTP on 127.0.0.2', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  const dir = mkdtempSync(join(tmpdir(), 'swagger-ui-'));

  beforeAll(async () => {
    t = await createTestApp();
    const server = await t.app.listen(0, '127.0.0.2');
    baseUrl = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
    browser = await puppeteer.launch({
      executablePath: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the operations list', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (req) => failed.push(`${req.url()} ${req.failure()?.errorText}`));
    const response = await page.goto(`${baseUrl}/api/docs`, { waitUntil: 'networkidle0', timeout: 30_000 });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const operations = await page.$$eval('.opblock', (blocks) => blocks.length);
    const screenshot = join(dir, 'swagger-ui.png');
    await page.screenshot({ path: screenshot, fullPage: false });
    expect(failed).toEqual([]);
    expect(operations).toBeGreaterThanOrEqual(19);
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
  }, 60_000);
});
