import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { notFound } from '@app/errors';
import { AssetDirectory } from '@app/fleet';
import { FormsService } from '../../forms';
import { ListInspectionsQueryDto } from '../dto/list-inspections.dto';
import { Inspection } from '../schemas/inspection.schema';
import { InspectionView, toInspectionView } from './inspection.view';

/** Reading inspections: only those of assets within the caller's trackers. */
@Injectable()
export class InspectionQueriesService {
  constructor(
    @InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>,
    private readonly assets: AssetDirectory,
    private readonly forms: FormsService,
  ) {}

  /** Newest first, filtered; cursor pages. */
  async list(auth: AuthContext, query: ListInspectionsQueryDto): Promise<Page<Stored<Inspection>>> {
    const filter: Record<string, unknown> = {};
    if (query.critical) filter.critical = query.critical === 'true';
    if (query.inspectorId) filter.inspectorId = new Types.ObjectId(query.inspectorId);
    if (query.from || query.to) {
      filter.submittedAt = { ...(query.from && { $gte: new Date(query.from) }), ...(query.to && { $lte: new Date(query.to) }) };
    }
    const assetId = await this.assets.assetCondition(auth, query.assetId);
    if (assetId === null) return { items: [], nextCursor: null };
    if (assetId) filter.assetId = assetId;
    return this.inspections.list(auth, filter as TenantQuery<Inspection>, { limit: query.limit, cursor: query.cursor });
  }

  /** One inspection with the fields of the form version it answered; another client's, or out of scope: 404. */
  async get(auth: AuthContext, id: string): Promise<InspectionView> {
    const inspection = await this.inspections.findById(auth, id);
    if (!inspection || !(await this.assets.findVisibleAsset(auth, inspection.assetId.toHexString()))) throw notFound('Inspection');
    return toInspectionView(inspection, await this.forms.fieldsOfVersion(auth, inspection.formId, inspection.formVersion));
  }
}
