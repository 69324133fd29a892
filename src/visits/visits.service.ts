import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { validationFailed } from '@app/errors';
import { Asset } from '@app/fleet';
import { Place } from '../places';
import { ListVisitsDto } from './dto/list-visits.dto';
import { Visit } from './schemas/visit.schema';

/** Reading visits: those of the assets the caller may see (the repository keeps to them). */
@Injectable()
export class VisitsService {
  constructor(
    @InjectRepository(Visit) private readonly visits: TenantRepository<Visit>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
  ) {}

  async list(auth: AuthContext, query: ListVisitsDto): Promise<Page<Stored<Visit>>> {
    const filter: TenantQuery<Visit> = {};
    if (query.from && query.to && new Date(query.from) > new Date(query.to)) throw validationFailed([{ path: 'from', message: 'from must not be after to' }]);
    // A filter naming another client's record, or an asset outside the caller's trackers, is a 404 as its own URL would be.
    if (query.assetId) filter.assetId = (await this.assets.findByIdOrFail(auth, query.assetId, 'Asset'))._id;
    if (query.placeId) filter.placeId = (await this.places.findByIdOrFail(auth, query.placeId, 'Place'))._id;
    if (query.to) filter.arrivedAt = { $lte: new Date(query.to) };
    if (query.from) filter.$or = [{ departedAt: null }, { departedAt: { $gte: new Date(query.from) } }];
    return this.visits.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }
}
