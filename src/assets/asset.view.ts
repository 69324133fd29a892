import { eventSettingsOf, type StoredAsset } from '@app/fleet';
import { recordTimes } from '@app/http';

export class AssetIconView {
  /**
   * Icon name of the web app, e.g. `truck`.
   * @example "truck"
   */
  id: string;
  /**
   * CSS colour, e.g. `#1e88e5`.
   * @example "#1E88E5"
   */
  color: string;
}

export class TemperatureRangeView {
  min: number;
  max: number;
}

/** What the event detector watches on the asset (the defaults where it set nothing). */
export class AssetEventSettingsView {
  /** km/h; null: no limit of its own. */
  speedLimitKmh: number | null;
  idleMinutes: number;
  offlineMinutes: number;
  /** °C; null: not watched. */
  temperature: TemperatureRangeView | null;
}

export class AssetFuelProfileView {
  tariffId: string;
  consumptionLPer100Km: number;
  tankCapacityL: number;
}

/** An asset as the asset management answers it (the scanned asset's fields, plus its links). */
export class AssetView {
  id: string;
  /** @example "Camión 12" */
  name: string;
  /**
   * Licence plate; empty when the asset has none.
   * @example "KTRB45"
   */
  plate: string;
  /**
   * truck, van, car, trailer, reefer, machinery…
   * @example "truck"
   */
  kind: string;
  icon: AssetIconView;
  /** The asset groups it belongs to. */
  groupIds: string[];
  /** Its main tracker; null when it has none. */
  mainTrackerId: string | null;
  eventSettings: AssetEventSettingsView;
  /** Its fuel profile; null: none (its trips carry no fuel cost). */
  fuel: AssetFuelProfileView | null;
  /** When it was archived (`DELETE`); null while in service. */
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toAssetView(asset: StoredAsset): AssetView {
  return {
    id: asset._id.toHexString(),
    name: asset.name,
    plate: asset.plate ?? '',
    kind: asset.kind,
    icon: { id: asset.icon?.id, color: asset.icon?.color },
    groupIds: (asset.groupIds ?? []).map(String),
    mainTrackerId: asset.mainTrackerId ? asset.mainTrackerId.toHexString() : null,
    eventSettings: eventSettingsOf(asset),
    fuel: asset.fuel
      ? { tariffId: asset.fuel.tariffId.toHexString(), consumptionLPer100Km: asset.fuel.consumptionLPer100Km, tankCapacityL: asset.fuel.tankCapacityL }
      : null,
    archivedAt: asset.archivedAt ?? null,
    ...recordTimes(asset),
  };
}
