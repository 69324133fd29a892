import { Topic } from '@app/bus';
import type { LatestRecord } from '../store/latest-position.store';

/**
 * The latest positions a batch moved forward, told at once on the instance that processed it as
 * soon as it is stored (the live map: `StoredPositionUpdates`); other instances learn of them
 * through the log (`PositionFeed`).
 */
export const POSITIONS_MOVED = new Topic<readonly LatestRecord[]>('positions.moved');
