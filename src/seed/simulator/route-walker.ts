import { haversineKm } from '../../positions';

type LatLng = [number, number];

export interface RoutePosition {
  lat: number;
  lng: number;
  /** Degrees clockwise from north. */
  direction: number;
  /** Standing at a waypoint. */
  stopped?: boolean;
  /** Driving: kilometres to the nearer end of the leg (the stop just left or the next one). */
  edgeKm?: number;
}

/**
 * A vehicle driving a route out and back, over and over: where it is after `km` kilometres.
 * Pure arithmetic on the polyline (haversine lengths, linear interpolation within a segment):
 * at demo scale, a few tens of kilometres, the error is far below what a map shows.
 */
export class RouteWalker {
  private readonly loop: LatLng[];
  private readonly lengths: number[];
  /** Which segments are a stop at a waypoint (from and to the same point). */
  private readonly stops: boolean[];
  readonly totalKm: number;

  /** `stopKm` > 0: the vehicle stands at every waypoint for as long as it would take to drive that far. */
  constructor(route: readonly LatLng[], stopKm = 0) {
    const there = [...route, ...[...route].reverse().slice(1)];
    this.loop = stopKm > 0 ? there.flatMap((point) => [point, point]) : there;
    this.stops = this.loop.slice(1).map((point, index) => stopKm > 0 && point === this.loop[index]);
    this.lengths = this.loop
      .slice(1)
      .map((point, index) => (this.stops[index] ? stopKm : haversineKm(this.loop[index][0], this.loop[index][1], point[0], point[1])));
    this.totalKm = this.lengths.reduce((sum, length) => sum + length, 0);
  }

  at(km: number): RoutePosition {
    let left = ((km % this.totalKm) + this.totalKm) % this.totalKm;
    for (let index = 0; index < this.lengths.length; index++) {
      const length = this.lengths[index];
      if (left <= length || index === this.lengths.length - 1) {
        const [from, to] = [this.loop[index], this.loop[index + 1]];
        const share = length === 0 ? 0 : Math.min(left / length, 1);
        if (this.stops[index]) return { lat: from[0], lng: from[1], direction: 0, stopped: true };
        return {
          lat: from[0] + (to[0] - from[0]) * share,
          lng: from[1] + (to[1] - from[1]) * share,
          direction: bearing(from, to),
          edgeKm: Math.max(0, Math.min(left, length - left)),
        };
      }
      left -= length;
    }
    return { lat: this.loop[0][0], lng: this.loop[0][1], direction: 0 };
  }

  /** A metre into the first stop at or after `km` (`km` itself when there are no stops). */
  nextStopKm(km: number): number {
    let start = 0;
    for (let index = 0; index < this.lengths.length; index++) {
      if (this.stops[index] && start >= km) return start + 0.001;
      start += this.lengths[index];
    }
    return km;
  }

  /** The kilometre of the loop nearest a place (a vehicle carries on from where it was seen last). */
  kmNearest(lat: number, lng: number): number {
    let best = { km: 0, distance: Infinity };
    let start = 0;
    for (let index = 0; index < this.lengths.length; index++) {
      const [from, to] = [this.loop[index], this.loop[index + 1]];
      // Flat projection on the segment: exact enough at a segment's scale.
      const [dx, dy] = [to[1] - from[1], to[0] - from[0]];
      const squared = dx * dx + dy * dy;
      const share = squared === 0 ? 0 : Math.max(0, Math.min(1, ((lng - from[1]) * dx + (lat - from[0]) * dy) / squared));
      const distance = haversineKm(lat, lng, from[0] + dy * share, from[1] + dx * share);
      if (distance < best.distance) best = { km: start + share * this.lengths[index], distance };
      start += this.lengths[index];
    }
    return best.km;
  }
}

function bearing([lat1, lng1]: LatLng, [lat2, lng2]: LatLng): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lng2 - lng1) * rad) * Math.cos(lat2 * rad);
  const x = Math.cos(lat1 * rad) * Math.sin(lat2 * rad) - Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lng2 - lng1) * rad);
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
}
