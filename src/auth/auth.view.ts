import { AuthContext, AuthPrincipal } from '@app/auth';

export class SessionView {
  /** Session token: send it as `Authorization: Bearer <token>` (the cookie carries the same). */
  token: string;
  expiresAt: Date;
  user: CallerView;
}

export class CallerView {
  id: string;
  email: string;
  name: string;
  client: { id: string; name: string; timeZone: string };
  role: { id: string; name: string; protected: boolean };
  permissions: string[];
  trackerScope: { all: boolean; trackerIds?: string[] };
}

export class MeView extends CallerView {
  credential: { kind: 'session' | 'api_token'; via: 'bearer' | 'cookie'; expiresAt: Date | null };
}

/** A cached principal keeps its set of permissions: it is sorted once, not on every request. */
const sortedLists = new WeakMap<ReadonlySet<string>, string[]>();

function sortedPermissions(permissions: ReadonlySet<string>): string[] {
  let sorted = sortedLists.get(permissions);
  if (!sorted) sortedLists.set(permissions, (sorted = [...permissions].sort()));
  return [...sorted]; // a copy: the caller owns its view
}

export function toCallerView(principal: AuthPrincipal): CallerView {
  return {
    id: principal.userId.toHexString(),
    email: principal.email,
    name: principal.name,
    client: { id: principal.clientId.toHexString(), ...principal.client },
    role: { id: principal.role.id.toHexString(), name: principal.role.name, protected: principal.role.protected },
    permissions: sortedPermissions(principal.permissions),
    trackerScope: principal.trackerScope.toJSON(),
  };
}

export function toMeView(auth: AuthContext): MeView {
  return {
    ...toCallerView(auth),
    credential: { kind: auth.credential.kind, via: auth.via, expiresAt: auth.credential.expiresAt ?? null },
  };
}
