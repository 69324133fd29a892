import { BrowserPool } from './browser-pool';

// Real Chromium (PUPPETEER_EXECUTABLE_PATH or /usr/bin/chromium): the pool's recovery is about
// the real process dying, which no fake can show.
describe('BrowserPool when Chromium dies', () => {
  const config = { get: (key: string) => (key === 'PUPPETEER_EXECUTABLE_PATH' ? process.env.PUPPETEER_EXECUTABLE_PATH : undefined) };

  it.each([0, 60])(
    'fails the work in flight at once and relaunches for the next (killed after %i ms)',
    async (delay) => {
      const pool = new BrowserPool(config as never);
      try {
        await pool.withPage((page) => page.setContent('<p>warm</p>'));
        const pid = await pool.browserPid();
        const started = Date.now();
        const inFlight = pool.withPage(async (page) => {
          await page.setContent(`<p>${'x'.repeat(200_000)}</p>`);
          return page.pdf();
        });
        setTimeout(() => process.kill(pid!, 'SIGKILL'), delay);
        await expect(inFlight).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(5_000);
        const pdf = await pool.withPage(async (page) => {
          await page.setContent('<p>again</p>');
          return page.pdf();
        });
        expect(Buffer.from(pdf).subarray(0, 4).toString()).toBe('%PDF');
        expect(await pool.browserPid()).not.toBe(pid);
      } finally {
        await pool.onApplicationShutdown();
      }
    },
    30_000,
  );
});
