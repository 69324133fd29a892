import { Stored } from '@app/database';
import { MeterReadingView, MetersView } from './dto/meter-reading.dto';
import { AssetMeter } from './schemas/asset-meter.schema';
import { MeterReading } from './schemas/meter-reading.schema';

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export const toMetersView = (meter: Pick<AssetMeter, 'odometerKm' | 'engineHours' | 'odometerSource' | 'updatedAt'> | null): MetersView => ({
  odometerKm: round(meter?.odometerKm ?? 0, 3),
  engineHours: round(meter?.engineHours ?? 0, 3),
  odometerSource: meter?.odometerSource ?? 'telemetry',
  updatedAt: meter?.updatedAt?.toISOString() ?? null,
});

export const toMeterReadingView = (reading: Stored<MeterReading>): MeterReadingView => ({
  id: reading._id.toHexString(),
  assetId: reading.assetId.toHexString(),
  odometerKm: reading.odometerKm,
  engineHours: reading.engineHours,
  readAt: reading.readAt.toISOString(),
  correction: reading.correction,
  source: reading.source,
  inspectionId: reading.inspectionId?.toHexString() ?? null,
  createdBy: reading.createdBy.toHexString(),
  createdAt: reading.createdAt.toISOString(),
});
