import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { StoredAsset } from '@app/fleet';
import { PdfRenderer, PngRenderer } from '@app/reports';
import { formatQrCode } from '../../inspections';
import type { LabelFormat } from '../dto/qr-label.dto';
import { labelSheetPage, PNG_SIZE, singleLabelPage } from './labels/qr-label.pages';
import { QrLabelContent, qrLabelSvg } from './labels/qr-label.template';

export interface LabelFile {
  contentType: string;
  fileName: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<LabelFormat, string> = { png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf' };

/** QR labels as files: one label as PNG, SVG or PDF, or an A4 sheet of many as PDF. */
@Injectable()
export class QrLabelRenderer {
  private readonly appUrl: string;

  constructor(
    config: AppConfig,
    private readonly pdf: PdfRenderer,
    private readonly png: PngRenderer,
  ) {
    this.appUrl = config.get('APP_URL');
  }

  /** What the label of this code of this asset shows; the QR encodes the web app's scan entry point. */
  content(asset: Pick<StoredAsset, 'name' | 'plate'>, code: string): QrLabelContent {
    return { url: `${this.appUrl}/qr/i/${code}`, printedCode: formatQrCode(code), assetName: asset.name, plate: asset.plate ?? '' };
  }

  async label(label: QrLabelContent, format: LabelFormat): Promise<LabelFile> {
    const fileName = `qr-${label.printedCode}.${format}`;
    const body =
      format === 'svg'
        ? Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${qrLabelSvg(label)}\n`, 'utf8')
        : format === 'png'
          ? await this.png.render(singleLabelPage(label, 'px'), PNG_SIZE)
          : await this.pdf.render(singleLabelPage(label, 'mm'), { footer: false });
    return { contentType: CONTENT_TYPES[format], fileName, body };
  }

  async sheet(labels: readonly QrLabelContent[]): Promise<LabelFile> {
    const body = await this.pdf.render(labelSheetPage(labels), { footer: false });
    return { contentType: CONTENT_TYPES.pdf, fileName: 'etiquetas-qr.pdf', body };
  }
}
