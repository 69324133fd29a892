import type { Types } from 'mongoose';
import type { MapItem } from './map-item.schema';

/** A stored map item as its view reads it: the shared fields and the colour its own schema defaults. */
type StoredMapItem = Pick<MapItem, 'name' | 'description'> & { _id: Types.ObjectId; color: string };

/** The fields every map item's view opens with: its id, name, description ('' when none) and colour. */
export function mapItemViewFields(item: StoredMapItem): { id: string; name: string; description: string; color: string } {
  return { id: item._id.toHexString(), name: item.name, description: item.description ?? '', color: item.color };
}
