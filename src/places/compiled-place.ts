import type { Stored } from '@app/database';
import { AreaShape, compileShape } from '@app/geo';
import type { Place } from './schemas/place.schema';

/** A place ready for fixes: its shape (the drawn area, or the circle) and how long a stop there makes a visit. */
export interface CompiledPlace {
  id: string;
  name: string;
  visitSeconds: number;
  shape: AreaShape;
}

export function compilePlace(place: Stored<Place>): CompiledPlace {
  return {
    id: place._id.toHexString(),
    name: place.name,
    visitSeconds: place.visitMinutes * 60,
    shape: place.area ? compileShape(place.area, {}) : compileShape(place.location, { radiusM: place.radiusM }),
  };
}
