import { Injectable } from '@nestjs/common';
import { BrowserPool } from '../pdf/browser-pool';
import { loadIsolatedHtml } from '../pdf/isolated-page';

export interface PngOptions {
  /** CSS pixels of the picture. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel (2 for print-sharp text); default 2. */
  scale?: number;
}

/** HTML to a PNG picture on the shared browser, isolated like the PDFs (labels, badges). */
@Injectable()
export class PngRenderer {
  constructor(private readonly browsers: BrowserPool) {}

  render(htmlDocument: string, { width, height, scale = 2 }: PngOptions): Promise<Buffer> {
    return this.browsers.withPage(async (page) => {
      await page.setViewport({ width, height, deviceScaleFactor: scale });
      await loadIsolatedHtml(page, htmlDocument);
      return Buffer.from(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } }));
    });
  }
}
