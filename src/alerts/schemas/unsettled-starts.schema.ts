import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { AssetKeyedRecord } from '@app/fleet';

/**
 * What an end event may settle on one asset (`_id` is the asset's id): the ids of its alerts of
 * a start type (one with an end: `geofence.enter`, `ignition.on`, …) not yet resolved, and of its
 * openings still waiting for a minimum duration (an opening's id is its alert's id-to-be). An end
 * reads its asset's document, a lookup, where a query of the alerts by asset and state would scan
 * every alert ever opened on the embedded server (DESIGN.md). An id is written with its alert or
 * opening (the cause is acknowledged only once both are, else told again) and removed once
 * settled, so the list holds every unsettled one; an id that reads as settled (a person resolved
 * the alert) is removed by the asset's next end.
 */
@Schema({ collection: 'alert_unsettled_starts', versionKey: false })
export class UnsettledStarts extends AssetKeyedRecord {
  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  ids: Types.ObjectId[];
}

export const UnsettledStartsSchema = SchemaFactory.createForClass(UnsettledStarts);
// The repository's upsert filters by `_id` and `clientId`: exactly this unique index's keys, a lookup on the embedded server.
UnsettledStartsSchema.index({ _id: 1, clientId: 1 }, { unique: true });
