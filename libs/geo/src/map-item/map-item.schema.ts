import { Prop } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * What every item a client draws on the map (a geofence, a layer) stores: its client, name and
 * description. Each collection's schema extends it with its own colour default and contents.
 */
export abstract class MapItem {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  @Prop({ default: '', maxlength: 1000 })
  description: string;
}
