import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { FormsService } from '../../forms';
import { ListInspectionsQueryDto } from '../dto/list-inspections.dto';
import { Inspection } from '../schemas/inspection.schema';
import { InspectionView, toInspectionView } from './inspection.view';

/** Reading inspections: the repository keeps them to assets the caller may see (archived included). */
@Injectable()
export class InspectionQueriesService {
  constructor(
    @InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>,
    private readonly forms: FormsService,
  ) {}

  /** Newest first, filtered; cursor pages. */
  list(auth: AuthContext, query: ListInspectionsQueryDto): Promise<Page<Stored<Inspection>>> {
    const filter: TenantQuery<Inspection> = {};
    if (query.critical) filter.critical = query.critical === 'true';
    if (query.inspectorId) filter.inspectorId = new Types.ObjectId(query.inspectorId);
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    if (query.from || query.to) {
      filter.submittedAt = { ...(query.from && { $gte: new Date(query.from) }), ...(query.to && { $lte: new Date(query.to) }) };
    }
    return this.inspections.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  /**
   * The inspections submitted in a period, oldest first, at most `limit` (the inspections report:
   * one more than it shows, so it can tell a period that holds too many).
   */
  ofPeriod(auth: AuthContext, from: Date, to: Date, limit: number): Promise<Stored<Inspection>[]> {
    return this.inspections.find(auth, { submittedAt: { $gte: from, $lte: to } }, { sort: { submittedAt: 1, _id: 1 }, limit });
  }

  /** The form an inspection of the caller's client (and trackers) answered, or null (a task's proof names it). */
  async formOfSubmission(auth: AuthContext, id: string): Promise<Types.ObjectId | null> {
    return (await this.inspections.findById(auth, id))?.formId ?? null;
  }

  /** One inspection with the fields of the form version it answered; another client's, or out of scope: 404. */
  async get(auth: AuthContext, id: string): Promise<InspectionView> {
    const inspection = await this.inspections.findByIdOrFail(auth, id, 'Inspection');
    return toInspectionView(inspection, await this.forms.fieldsOfVersion(auth, inspection.formId, inspection.formVersion));
  }
}
