import Flatbush from 'flatbush';
import type { AreaShape, LatLng } from './area-shape';

/**
 * Areas indexed by their bounding boxes (flatbush): a point or a box is tested against the few
 * areas whose box it meets, not against every one (a linear scan per fix is what slows other
 * platforms down). Answers come in the tree's order, each an element of `areas`.
 */
export class AreaIndex<T extends { shape: AreaShape }> {
  private readonly tree: Flatbush | null;

  constructor(private readonly areas: readonly T[]) {
    if (areas.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(areas.length);
    for (const area of areas) this.tree.add(...area.shape.bbox);
    this.tree.finish();
  }

  /** The areas whose bounding box meets this box (longitude, latitude): candidates, not yet exact. */
  meeting(minLng: number, minLat: number, maxLng: number, maxLat: number): T[] {
    return this.tree ? this.tree.search(minLng, minLat, maxLng, maxLat).map((i) => this.areas[i]) : [];
  }

  /** The areas this point is inside. */
  containing(point: LatLng): T[] {
    return this.meeting(point.lng, point.lat, point.lng, point.lat).filter((area) => area.shape.signedDistanceM(point) <= 0);
  }
}
