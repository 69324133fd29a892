import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import { MapItem } from '@app/geo/map-item';
import type { Bbox } from '../geometry/bbox';

/** A map overlay of a client's (docs/layers.md): GeoJSON features the web app draws under the fleet. */
@Schema({ collection: 'layers', timestamps: true, minimize: false })
export class Layer extends MapItem {
  /** `#rrggbb`, what the map draws the features with unless their own style says otherwise. */
  @Prop({ default: '#6d4c41' })
  color: string;

  /**
   * The features, a JSON array as sent (up to 5 MB): stored as text because GeoJSON properties
   * (a KML's extended data) may have keys MongoDB treats specially (`$`, `.`), and nothing queries
   * inside them. The list never reads it.
   */
  @Prop({ required: true })
  featuresJson: string;

  /** Each feature's box, by position (null for a feature without geometry): `?bbox=` tests these before any geometry. */
  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  featureBboxes: (Bbox | null)[];

  /** The box around every feature; null when none has a geometry. */
  @Prop({ type: [Number], default: null })
  bbox: Bbox | null;

  @Prop({ required: true })
  featureCount: number;

  createdAt: Date;
  updatedAt: Date;
}

export const LayerSchema = SchemaFactory.createForClass(Layer);
// The layer list, newest first (`{clientId}` + `_id`), and the count of a client's layers at create.
LayerSchema.index({ clientId: 1, _id: -1 });
