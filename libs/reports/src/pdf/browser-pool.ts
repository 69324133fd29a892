import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { accessSync, constants } from 'node:fs';
import { access } from 'node:fs/promises';
// Types only at load: puppeteer is required when the first PDF launches Chromium, so processes that
// render none (the command line) do not pay for loading it.
import type { Browser, Page } from 'puppeteer';
import { AppConfig } from '@app/config';
import { AppMetrics } from '@app/metrics';
import pLimit from 'p-limit';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

// Headless, no sandbox (containers), and nothing in the background that reaches the network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * Pages rendering at once. Layout and printing are CPU-bound, so more pages than cores buy no
 * throughput, and each page of a 1000-row report costs Chromium ~150-250 MB at its peak: with 4,
 * ten reports at once reached 1 GB (benchmark); with 2 they stay well under. Others wait in order.
 */
export const MAX_CONCURRENT_PAGES = 2;

export const PDF_UNAVAILABLE =
  'PDF reports are unavailable right now: the PDF renderer (Chromium) could not be started; try again later, or ask for the Excel format';
export const PDF_RENDERER_STOPPED = 'The PDF renderer (Chromium) stopped while building the report; try again';

/** Chromium could not be started, or died while rendering: the caller answers 503 with this message. */
export class PdfRendererUnavailable extends Error {
  override name = 'PdfRendererUnavailable';
}

/**
 * One Chromium kept alive for every PDF of the process, launched on first use, relaunched when
 * it dies, closed when the app shuts down. Pages are lent out a bounded number at a time. A
 * browser that cannot be started, or that dies while rendering, is 503 shape B, and
 * a missing executable is a warning at start-up naming `PUPPETEER_EXECUTABLE_PATH`.
 */
@Injectable()
export class BrowserPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private readonly pages = pLimit(MAX_CONCURRENT_PAGES);
  private browser: Promise<Browser> | undefined;
  private closed = false;
  private readonly rendered?: { inc(labels: { outcome: string }): void };

  constructor(
    private readonly config: AppConfig,
    @Optional() metrics?: AppMetrics,
  ) {
    this.rendered = metrics?.counter({ name: 'report_pages_total', help: 'Chromium pages lent for PDF reports, by outcome', labelNames: ['outcome'] as const });
    // Read at scrape time: nothing is counted per page for these.
    if (metrics) {
      const pages = this.pages;
      metrics.gauge({
        name: 'report_pages_waiting',
        help: 'Reports waiting for a Chromium page',
        collect() {
          this.set(pages.pendingCount);
        },
      });
      metrics.gauge({
        name: 'report_pages_active',
        help: 'Chromium pages rendering right now',
        collect() {
          this.set(pages.activeCount);
        },
      });
      const running = () => (this.browser ? 1 : 0);
      metrics.gauge({
        name: 'chromium_running',
        help: '1 while the shared Chromium runs',
        collect() {
          this.set(running());
        },
      });
    }
  }

  /** Whether PDFs can be rendered: the shared Chromium runs, or its executable is there to launch. */
  async ready(): Promise<{ up: boolean; detail: string }> {
    const browser = await this.browser?.catch(() => undefined);
    if (browser?.connected) return { up: true, detail: 'running' };
    const executablePath = this.executablePath;
    const launchable = await access(executablePath, constants.X_OK).then(
      () => true,
      () => false,
    );
    return launchable ? { up: true, detail: 'not started; launched on the first PDF' } : { up: false, detail: `no executable at ${executablePath}` };
  }

  /**
   * Runs `work` on a fresh page, closed afterwards whatever happens. If Chromium dies meanwhile
   * the work fails at once: puppeteer alone would wait up to 30 s for a target that never comes.
   */
  withPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
    const rendering = this.pages(async () => {
      const browser = await this.currentBrowser().catch((error: unknown) => {
        this.logger.error(`Chromium could not be started (${this.executablePath}; set PUPPETEER_EXECUTABLE_PATH): ${(error as Error).message}`);
        throw new PdfRendererUnavailable(PDF_UNAVAILABLE);
      });
      const death = untilDisconnected(browser);
      try {
        const page = await Promise.race([browser.newPage(), death.promise]);
        try {
          return await Promise.race([work(page), death.promise]);
        } finally {
          await page.close().catch(() => undefined);
        }
      } catch (error) {
        // Whatever puppeteer says when its browser is gone (target closed, protocol error): 503.
        if (!browser.connected) {
          this.logger.error(`Chromium stopped while rendering: ${(error as Error).message}`);
          throw new PdfRendererUnavailable(PDF_RENDERER_STOPPED);
        }
        throw error;
      } finally {
        death.release();
      }
    });
    if (!this.rendered) return rendering;
    return rendering.then(
      (result) => (this.rendered?.inc({ outcome: 'ok' }), result),
      (error: unknown) => {
        this.rendered?.inc({ outcome: 'failed' });
        throw error;
      },
    );
  }

  /** Warns at start-up when the Chromium executable is missing (the health check does not launch it). */
  onApplicationBootstrap(): void {
    if (!this.config.runsBackgroundWork) return; // a command renders no report: no warning for it
    try {
      accessSync(this.executablePath, constants.X_OK);
    } catch {
      this.logger.warn(
        `Chromium not found or not executable at ${this.executablePath}: PDF reports will answer 503 until it is installed ` +
          `(apt-get install chromium) or PUPPETEER_EXECUTABLE_PATH names it`,
      );
    }
  }

  private get executablePath(): string {
    return this.config.get('PUPPETEER_EXECUTABLE_PATH') ?? DEFAULT_CHROMIUM_PATH;
  }

  /** The live browser's process id (benchmarks measure its memory), if one is running. */
  async browserPid(): Promise<number | undefined> {
    if (!this.browser) return undefined;
    return (await this.browser.catch(() => undefined))?.process()?.pid;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => browser.process()?.kill('SIGKILL'));
  }

  private currentBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the browser pool is shut down'));
    if (!this.browser) {
      const launching = this.launch();
      this.browser = launching;
      // A failed launch is not kept: the next report tries again.
      launching.catch(() => {
        if (this.browser === launching) this.browser = undefined;
      });
    }
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    const executablePath = this.executablePath;
    const started = Date.now();
    // DevTools over a pipe, not a port: puppeteer starts Chromium in a process group of its own, so
    // nothing ends it when this process is killed (SIGKILL runs no handler); with a pipe Chromium
    // reads end-of-file when the kernel closes our end, and exits with its helpers.
    const { default: puppeteer } = await import('puppeteer');
    const browser = await puppeteer.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, pipe: true });
    this.logger.log(`Chromium started (${executablePath}, pid ${browser.process()?.pid}) in ${Date.now() - started} ms`);
    browser.once('disconnected', () => {
      if (!this.closed) this.logger.warn('Chromium disconnected; it will be relaunched for the next report');
      void this.browser?.then((current) => {
        if (current === browser) this.browser = undefined;
      });
    });
    return browser;
  }
}

/** A promise rejected when the browser disconnects, and a way to stop listening. */
function untilDisconnected(browser: Browser): { promise: Promise<never>; release: () => void } {
  let onDisconnect: () => void = () => undefined;
  const promise = new Promise<never>((_, reject) => {
    onDisconnect = () => reject(new Error('Chromium exited while rendering'));
    if (!browser.connected) onDisconnect();
    else browser.once('disconnected', onDisconnect);
  });
  promise.catch(() => undefined); // observed by the races above; never an unhandled rejection
  return { promise, release: () => browser.off('disconnected', onDisconnect) };
}
