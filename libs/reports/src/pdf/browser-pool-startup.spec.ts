import { Logger } from '@nestjs/common';
import { BrowserPool, PDF_UNAVAILABLE, PdfRendererUnavailable } from './browser-pool';

// Without a Chromium executable the app still starts, says so once at start-up
// naming PUPPETEER_EXECUTABLE_PATH, and each PDF fails as "unavailable" (503), not as a crash.
describe('BrowserPool without Chromium', () => {
  // The server's configuration (a command of the command line runs no start-up check).
  const configWith = (path: string | undefined, runsBackgroundWork = true) => ({
    runsBackgroundWork,
    get: (key: string) => (key === 'PUPPETEER_EXECUTABLE_PATH' ? path : undefined),
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks nothing in a command of the command line, which renders no report', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    new BrowserPool(configWith('/nonexistent/chromium', false) as never).onApplicationBootstrap();
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns at start-up, naming PUPPETEER_EXECUTABLE_PATH and the path', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    new BrowserPool(configWith('/nonexistent/chromium') as never).onApplicationBootstrap();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/\/nonexistent\/chromium.*PUPPETEER_EXECUTABLE_PATH/);
  });

  it('says nothing at start-up when the executable is there', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    new BrowserPool(configWith(process.execPath) as never).onApplicationBootstrap();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fails each page request with PdfRendererUnavailable, and tries again next time', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const pool = new BrowserPool(configWith('/nonexistent/chromium') as never);
    for (let i = 0; i < 2; i++) {
      const attempt = pool.withPage(async () => 'never');
      await expect(attempt).rejects.toBeInstanceOf(PdfRendererUnavailable);
      await expect(attempt).rejects.toThrow(PDF_UNAVAILABLE);
    }
    await pool.onApplicationShutdown();
  });
});
