import { ApiProperty } from '@nestjs/swagger';
import { User, USER_LANGUAGES, type UserLanguage } from '@app/auth';
import type { Stored } from '@app/database';
import { StoredRole } from '../roles/role.view';
import { TRACKER_SELECTION_SCHEMA, TrackerSelection } from './dto/tracker-selection';
import { recordTimes } from '@app/http';

export class UserRoleView {
  id: string;
  name: string;
  protected: boolean;
}

/** A user of the caller's client. Never holds the password or its hash. */
export class UserView {
  id: string;
  /** @example "juana.perez@transportes-andes.cl" */
  email: string;
  name: string;
  /** The user's role; `null` only if it no longer exists. */
  role: UserRoleView | null;
  @ApiProperty({ ...TRACKER_SELECTION_SCHEMA, description: "`'all'` or the ids of the trackers the user sees" })
  trackers: TrackerSelection;
  /** A disabled user cannot sign in; their sessions and API tokens were revoked when disabled. */
  disabled: boolean;
  /** The language the platform writes to the user in (inbox, mails). */
  @ApiProperty({ enum: USER_LANGUAGES })
  language: UserLanguage;
  /** When the password was last changed; `null` since creation. */
  passwordChangedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A created user, with the password to hand over. */
export class CreatedUserView extends UserView {
  /**
   * Generated, shown only in this answer (stored only as a scrypt hash): hand it to the user, who
   * should change it at the first sign-in (`PATCH /api/users/{id}/change-password`).
   */
  initialPassword: string;
}

export type StoredUserRecord = Stored<User> & { createdAt: Date; updatedAt: Date };

/** Field by field, so the password hash and internal fields never reach an answer. */
export function toUserView(user: StoredUserRecord, role: StoredRole | undefined): UserView {
  return {
    id: user._id.toHexString(),
    email: user.email,
    name: user.name,
    role: role ? { id: role._id.toHexString(), name: role.name, protected: role.protected } : null,
    trackers: user.trackerScope?.all === false ? user.trackerScope.trackerIds.map((id) => id.toHexString()) : 'all',
    disabled: !user.active,
    language: user.language ?? 'es',
    passwordChangedAt: user.passwordChangedAt ?? null,
    ...recordTimes(user),
  };
}
