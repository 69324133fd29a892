import { Injectable } from '@nestjs/common';
import { Types, type UpdateQuery } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { assertMayWrite, type AuthContext } from '@app/auth';
import { containsText, InjectRepository, duplicateKeyAs, Page, TenantQuery, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode, notFound, validationFailed } from '@app/errors';
import { Asset, AssetEventSettings, assetPlateKey, eventSettingsOf, StoredAsset } from '@app/fleet';
import { CreateAssetDto } from './dto/create-asset.dto';
import { EventSettingsDto } from './dto/event-settings.dto';
import { ListAssetsDto } from './dto/list-assets.dto';
import { UpdateAssetDto } from './dto/update-asset.dto';
import { AssetLinks, plateTaken } from './asset-links';
import { AssetView, toAssetView } from './asset.view';

/**
 * The asset management: creating, listing, changing and archiving a client's assets within the
 * caller's trackers. Unlike `AssetDirectory` (scans, statistics), it sees archived assets.
 * Writes read the asset fresh (not from the short-lived cache of reads by id) and make this
 * instance forget its cached copy at once.
 */
@Injectable()
export class AssetsService {
  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly links: AssetLinks,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateAssetDto): Promise<AssetView> {
    if (!body.mainTrackerId) assertMayWrite(auth, 'assets.create_without_tracker');
    const plate = body.plate ?? '';
    const _id = new Types.ObjectId();
    const groupIds = await this.links.groupIds(auth, body.groupIds ?? []);
    const mainTrackerId = body.mainTrackerId ? await this.links.mainTracker(auth, body.mainTrackerId) : undefined;
    await this.links.checkPlateFree(auth, plate, assetPlateKey({ clientId: auth.clientId, plate }));
    const data = {
      _id,
      name: body.name,
      plate,
      kind: body.kind,
      groupIds,
      mainTrackerId,
      ...(body.icon ? { icon: { id: body.icon.id, color: body.icon.color } } : {}),
    };
    const created = await this.assets.create(auth, data).catch(duplicateKeyAs(() => plateTaken(plate)));
    const view = toAssetView(created);
    await this.activity.created(auth, { type: 'asset', id: created._id }, `Asset ${describe(created)} created`, view);
    return view;
  }

  async list(auth: AuthContext, query: ListAssetsDto): Promise<Page<StoredAsset>> {
    const filter: TenantQuery<Asset> = { archivedAt: query.archived ? { $ne: null } : null };
    if (query.groupId) filter.groupIds = new Types.ObjectId(query.groupId);
    if (query.kind) filter.kind = query.kind;
    if (query.q) {
      const pattern = containsText(query.q);
      filter.$or = [{ name: pattern }, { plate: pattern }];
    }
    return this.assets.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  async get(auth: AuthContext, id: string): Promise<AssetView> {
    return toAssetView(await this.load(auth, id));
  }

  async update(auth: AuthContext, id: string, body: UpdateAssetDto): Promise<AssetView> {
    const fields = Object.entries(body).filter(([, value]) => value !== undefined);
    if (fields.length === 0) throw badRequest('Nothing to change: send at least one of name, plate, kind, icon, groupIds, mainTrackerId, eventSettings, fuel');
    const asset = await this.loadInService(auth, id);
    const set: Partial<Asset> = {};
    const unset: Record<string, ''> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.kind !== undefined) set.kind = body.kind;
    if (body.icon !== undefined) set.icon = { id: body.icon.id, color: body.icon.color };
    if (body.eventSettings !== undefined) set.eventSettings = mergedEventSettings(asset, body.eventSettings);
    if (body.groupIds !== undefined) set.groupIds = await this.links.groupIds(auth, body.groupIds);
    if (body.fuel === null) set.fuel = null;
    else if (body.fuel !== undefined) set.fuel = { ...body.fuel, tariffId: await this.links.fuelTariff(auth, body.fuel.tariffId) };
    if (body.mainTrackerId === null) {
      assertMayWrite(auth, 'assets.remove_main_tracker');
      unset.mainTrackerId = '';
    } else if (body.mainTrackerId !== undefined) {
      set.mainTrackerId = await this.links.mainTracker(auth, body.mainTrackerId, asset._id);
    }
    if (body.plate !== undefined) {
      const plateKey = assetPlateKey({ clientId: auth.clientId, plate: body.plate });
      await this.links.checkPlateFree(auth, body.plate, plateKey, asset._id);
      set.plate = body.plate;
      if (plateKey) set.plateKey = plateKey;
      else unset.plateKey = '';
    }
    const update: UpdateQuery<Asset> = { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) };
    const updated = await this.write(auth, asset, update, () => plateTaken(body.plate ?? asset.plate));
    const [before, after] = [toAssetView(asset), toAssetView(updated)];
    await this.activity.updated(auth, { type: 'asset', id: asset._id }, `Asset ${describe(updated)} changed`, before, after);
    return after;
  }

  /** Archives the asset (its history stays); archiving an archived asset changes nothing. */
  async archive(auth: AuthContext, id: string): Promise<{ id: string }> {
    const asset = await this.load(auth, id);
    if (asset.archivedAt) return { id: asset._id.toHexString() };
    const archived = await this.write(auth, asset, { $set: { archivedAt: new Date() }, $unset: { plateKey: '' } });
    await this.activity.record(auth, {
      action: 'asset.archive',
      resourceType: 'asset',
      resourceId: asset._id,
      summary: `Asset ${describe(asset)} archived`,
      before: toAssetView(asset),
      after: toAssetView(archived),
    });
    return { id: asset._id.toHexString() };
  }

  /** The caller's asset, archived or not, read fresh (404 when unknown, foreign or out of scope). */
  async load(auth: AuthContext, id: string): Promise<StoredAsset> {
    const [asset] = await this.assets.findByIds(auth, [id]);
    if (!asset) throw notFound('Asset');
    return asset;
  }

  /** As `load`, refusing an archived asset (409): archived assets are kept as they were. */
  async loadInService(auth: AuthContext, id: string): Promise<StoredAsset> {
    const asset = await this.load(auth, id);
    if (asset.archivedAt) throw new DomainException(ErrorCode.Conflict, `Asset ${describe(asset)} is archived: it cannot be changed`);
    return asset;
  }

  /**
   * Several of the caller's assets in service, in the order asked (repeats once). Any id that is
   * unknown, another client's, outside the caller's trackers or archived is a 400 naming it.
   */
  async loadManyInService(auth: AuthContext, ids: readonly string[]): Promise<StoredAsset[]> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const found = new Map((await this.assets.findByIds(auth, unique)).filter((asset) => !asset.archivedAt).map((asset) => [asset._id.toHexString(), asset]));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw badRequest(`assetIds: no asset in service ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`);
    return unique.map((id) => found.get(id)!);
  }

  private async write(auth: AuthContext, asset: StoredAsset, update: UpdateQuery<Asset>, onDuplicate?: () => DomainException): Promise<StoredAsset> {
    const updated = await this.assets.updateRecord(auth, asset, update).catch(duplicateKeyAs(() => onDuplicate?.()));
    if (!updated) throw notFound('Asset');
    return updated;
  }
}

const describe = (asset: Pick<Asset, 'name' | 'plate'>) => (asset.plate ? `"${asset.name}" (${asset.plate})` : `"${asset.name}"`);

/** The stored settings with the fields sent replacing theirs; a temperature range must run upwards. */
function mergedEventSettings(asset: StoredAsset, sent: EventSettingsDto): AssetEventSettings {
  const stored = eventSettingsOf(asset);
  const merged = {
    speedLimitKmh: sent.speedLimitKmh !== undefined ? sent.speedLimitKmh : stored.speedLimitKmh,
    idleMinutes: sent.idleMinutes ?? stored.idleMinutes,
    offlineMinutes: sent.offlineMinutes ?? stored.offlineMinutes,
    temperature: sent.temperature !== undefined ? sent.temperature : stored.temperature,
  };
  if (merged.temperature && merged.temperature.min >= merged.temperature.max) {
    throw validationFailed([{ path: 'eventSettings.temperature', message: 'temperature.min must be below temperature.max' }]);
  }
  return {
    speedLimitKmh: merged.speedLimitKmh,
    idleMinutes: merged.idleMinutes,
    offlineMinutes: merged.offlineMinutes,
    temperature: merged.temperature && { min: merged.temperature.min, max: merged.temperature.max },
  };
}
