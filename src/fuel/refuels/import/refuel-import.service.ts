import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest, DomainException } from '@app/errors';
import { Asset, normalizePlate } from '@app/fleet';
import { readSheetFile, SHEET_FIELD, UploadedSheet } from '@app/sheets';
import { RefuelsService } from '../refuels.service';
import { ImportRefuelsDto } from './refuel-import.dto';
import { RefuelImportPreviewView, RefuelImportResultView } from './refuel-import.view';
import { readRefuelSheet } from './refuel-sheet';

/**
 * A fuel-card statement (CSV or .xlsx) in two steps, like the driver import: the preview reads
 * it and answers the rows it can import and every problem, writing nothing; the import records
 * the rows sent back, each checked as a refuel typed in (docs/fuel-cargo.md, "Refuel import").
 */
@Injectable()
export class RefuelImportService {
  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly refuels: RefuelsService,
  ) {}

  async preview(auth: AuthContext, file: UploadedSheet | undefined): Promise<RefuelImportPreviewView> {
    if (!file) throw badRequest(`Send the statement as the multipart field "${SHEET_FIELD}"`);
    const grid = await readSheetFile(file.buffer);
    const inService = await this.assets.find(auth, { archivedAt: null }, { projection: { _id: 1, name: 1, plate: 1 } });
    const byPlate = new Map(inService.filter((asset) => asset.plate).map((asset) => [normalizePlate(asset.plate), asset._id.toHexString()]));
    const byName = new Map(inService.map((asset) => [asset.name.trim().toLowerCase(), asset._id.toHexString()]));
    const assetOf = (text: string) => (text ? (byPlate.get(normalizePlate(text)) ?? byName.get(text.trim().toLowerCase()) ?? null) : null);
    const { rows, problems } = readRefuelSheet(grid, auth.client.timeZone, assetOf);
    return { format: grid.format, rows, problems };
  }

  /** Records each row; a row refused (its asset gone, a bad value) is answered with its reason, the others are kept. */
  async import(auth: AuthContext, body: ImportRefuelsDto): Promise<RefuelImportResultView> {
    const result: RefuelImportResultView = { created: [], failedRows: [] };
    for (const { row, ...refuel } of body.rows) {
      try {
        result.created.push(await this.refuels.create(auth, refuel));
      } catch (error) {
        if (!(error instanceof DomainException)) throw error;
        const detail = error.fieldErrors.map((field) => `${field.path}: ${field.message}`).join('; ');
        result.failedRows.push({ row, reason: detail || error.message });
      }
    }
    return result;
  }
}
