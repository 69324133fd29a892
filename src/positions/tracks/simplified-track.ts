import type { PositionColumns } from '../telemetry/position-columns';
import { simplifyIndices } from './simplify-route';
import type { TrackPointView, TrackView } from './track.view';

/** A column's NaN is a value the device did not report. */
const reported = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * The track's figures and its simplified points. Only the kept positions become objects: a
 * 30-day track has 259 200 positions and the answer at most `maxPoints`.
 */
export function simplifiedTrack(positions: PositionColumns, maxPoints: number): Pick<TrackView, 'totalPoints' | 'simplified' | 'points'> {
  const kept = simplifyIndices(positions.lat, positions.lng, maxPoints);
  const points = Array.from(kept, (i): TrackPointView => ({
    lat: positions.lat[i],
    lng: positions.lng[i],
    speed: reported(positions.speed[i]),
    direction: reported(positions.dir[i]),
    altitude: reported(positions.alt[i]),
    timestamp: positions.ts[i],
  }));
  return { totalPoints: positions.length, simplified: points.length < positions.length, points };
}
