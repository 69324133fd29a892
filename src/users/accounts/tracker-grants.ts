import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { assertMayWrite, AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { Tracker } from '@app/fleet';
import { TrackerSelection } from './dto/tracker-selection';

export interface GrantedTrackers {
  all: boolean;
  trackerIds: Types.ObjectId[];
}

/**
 * Turns a `trackers` field into the user's tracker scope. A caller gives only what they see
 * themselves: listed trackers must be the client's and in the caller's scope (else 400, as for an
 * unknown id), and `'all'` needs a caller who sees all trackers (else 403).
 */
@Injectable()
export class TrackerGrants {
  constructor(@InjectRepository(Tracker) private readonly trackers: TenantRepository<Tracker>) {}

  async resolve(auth: AuthContext, selection: TrackerSelection): Promise<GrantedTrackers> {
    if (selection === 'all') {
      assertMayWrite(auth, 'users.grant_all_trackers');
      return { all: true, trackerIds: [] };
    }
    // The repository compares the client in code: the projection keeps clientId.
    const found = await this.trackers.findByIds(auth, selection, { _id: 1, clientId: 1 });
    const known = new Set(found.map((tracker) => tracker._id.toHexString()));
    const unknown = selection.filter((id) => !known.has(id.toLowerCase()));
    if (unknown.length > 0) {
      const message = `trackers: no tracker of the client with id ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` (and ${unknown.length - 5} more)` : ''}`;
      throw badRequest(message, [{ path: 'trackers', message }]);
    }
    return { all: false, trackerIds: selection.map((id) => new Types.ObjectId(id)) };
  }
}
