import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

@Schema({ _id: false })
export class AssetIcon {
  @Prop({ required: true, maxlength: 100 })
  id: string;

  @Prop({ required: true, maxlength: 32 })
  color: string;
}

/** A temperature range a refrigerated load must stay in, °C. */
@Schema({ _id: false })
export class TemperatureRange {
  @Prop({ required: true })
  min: number;

  @Prop({ required: true })
  max: number;
}

/** What the event detector watches on this asset (docs/events.md); absent fields take the defaults. */
@Schema({ _id: false })
export class AssetEventSettings {
  /** km/h; null: no speed limit of the asset's own (a geofence's may still apply). */
  @Prop({ type: Number, default: null })
  speedLimitKmh: number | null;

  /** Minutes standing with the ignition on before `idling.start`. */
  @Prop({ default: 5 })
  idleMinutes: number;

  /** Minutes without a message before `tracker.offline`. */
  @Prop({ default: 30 })
  offlineMinutes: number;

  @Prop({ type: TemperatureRange, default: null })
  temperature: TemperatureRange | null;
}

export const DEFAULT_EVENT_SETTINGS: Readonly<AssetEventSettings> = { speedLimitKmh: null, idleMinutes: 5, offlineMinutes: 30, temperature: null };

/** The asset's settings with the defaults for what it never set. */
export function eventSettingsOf(asset: { eventSettings?: Partial<AssetEventSettings> | null }): AssetEventSettings {
  return { ...DEFAULT_EVENT_SETTINGS, ...(asset.eventSettings ?? {}) };
}

/** A vehicle or piece of equipment of a client, followed by its main tracker. */
/** An asset's fuel profile: the tariff that prices its fuel, its consumption and its tank. */
@Schema({ _id: false })
export class AssetFuelProfile {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  tariffId: Types.ObjectId;

  /** Litres per 100 km. */
  @Prop({ required: true })
  consumptionLPer100Km: number;

  /** The tank's capacity, litres. */
  @Prop({ required: true })
  tankCapacityL: number;
}

@Schema({ collection: 'assets', timestamps: true })
export class Asset {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  /** Licence plate (patente), e.g. `KJHT-42`. */
  @Prop({ trim: true, maxlength: 20, default: '' })
  plate: string;

  /**
   * `{clientId}:{plate in capitals, without spaces, hyphens or dots}` while the asset is not
   * archived and has a plate; absent otherwise. Kept by `assetPlateKey` (set on create by the hook
   * below, and by every update of the plate or the archive state): it makes plates unique per client.
   */
  @Prop()
  plateKey?: string;

  /** What the asset is: truck, van, car, trailer, reefer, machinery… */
  @Prop({ required: true, trim: true, maxlength: 50 })
  kind: string;

  @Prop({ type: AssetIcon, required: true, default: () => ({ id: 'truck', color: '#1e88e5' }) })
  icon: AssetIcon;

  @Prop({ type: SchemaTypes.ObjectId })
  mainTrackerId?: Types.ObjectId;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  groupIds: Types.ObjectId[];

  @Prop({ type: AssetEventSettings, default: null })
  eventSettings?: AssetEventSettings | null;

  /** How the asset burns fuel and what it costs (trip costs, refuel anomalies); null: no profile. */
  @Prop({ type: AssetFuelProfile, default: null })
  fuel?: AssetFuelProfile | null;

  /** When the asset was archived (`DELETE /api/assets/{id}`): not scannable, not in statistics, history kept. */
  @Prop({ type: Date, default: null })
  archivedAt?: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

/** The plate as compared for uniqueness: `KJHT-42`, `kjht 42` and `KJHT42` are one plate. */
export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[\s.\-·]/g, '');
}

/** The value of `plateKey` for an asset in this state (undefined: no key, the field is unset). */
export function assetPlateKey(asset: { clientId: Types.ObjectId; plate?: string | null; archivedAt?: Date | null }): string | undefined {
  const plate = normalizePlate(asset.plate ?? '');
  return plate && !asset.archivedAt ? `${asset.clientId.toHexString()}:${plate}` : undefined;
}

export type AssetDocument = HydratedDocument<Asset>;
export const AssetSchema = SchemaFactory.createForClass(Asset);
// Assets are loaded by _id (then checked for client). Plates are unique per client among the
// assets that are not archived: one field, unique and sparse (assets without a key are not in the
// index), because mongo-java-server ignores partial filters; a lookup `{plateKey}` uses it too.
AssetSchema.index({ plateKey: 1 }, { unique: true, sparse: true });
// Lists of a client's assets (`GET /api/assets`), newest first: used by MongoDB; a client has
// hundreds of assets, so the scan mongo-java-server makes stays small.
AssetSchema.index({ clientId: 1, _id: -1 });
// A device's messages routed to their asset (`TrackerRouting.assetsOfTrackers`): used by MongoDB;
// mongo-java-server scans, which the routing's short cache keeps to once per tracker.
AssetSchema.index({ mainTrackerId: 1 });

// Whatever creates the asset (the API, the seed, a tool), its plate key follows its state.
AssetSchema.pre('validate', function () {
  const key = assetPlateKey(this);
  if (key) this.plateKey = key;
  else this.plateKey = undefined;
});
