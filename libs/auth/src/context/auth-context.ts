import { Types } from 'mongoose';
import type { Language } from '@app/i18n';
import { Permission } from '../permissions';
import { CredentialKind } from '../tokens/token-codec';
import { TrackerScope } from './tracker-scope';

/** Who holds a credential: resolved from the database on a cache miss, then cached. */
export interface AuthPrincipal {
  userId: Types.ObjectId;
  clientId: Types.ObjectId;
  /** The client's name and the zone its `DD/MM/YYYY` dates are read in. */
  client: { name: string; timeZone: string };
  email: string;
  name: string;
  /** The language the platform writes to them in (inbox, mail). */
  language: Language;
  role: { id: Types.ObjectId; name: string; protected: boolean };
  permissions: ReadonlySet<Permission>;
  trackerScope: TrackerScope;
  credential: { kind: CredentialKind; id: Types.ObjectId; expiresAt?: Date };
}

/** Facts about the HTTP request that services record (activity log) or log. */
export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent?: string;
}

/**
 * The caller of one request, handed to services as a typed value by the `@Auth()` parameter
 * decorator: the user, their client, permissions and tracker scope, and the request's facts.
 */
export interface AuthContext extends AuthPrincipal {
  via: 'bearer' | 'cookie';
  request: RequestMeta;
}
