import { SetMetadata } from '@nestjs/common';
import type { Types } from 'mongoose';
import { forbidden } from '@app/errors';
import type { AuthPrincipal } from '../context/auth-context';
import type { TrackerScope } from '../context/tracker-scope';

/** A write rule: whether a caller's tracker scope allows the write on `subject`, and what a refusal says. */
interface WriteRule<S> {
  allows(scope: TrackerScope, subject: S): boolean;
  refusal(subject: S): string;
}

/** A write that only a caller who sees every tracker of the client may make. */
const allTrackers = (refusal: string): WriteRule<void> => ({ allows: (scope) => scope.isAll, refusal: () => refusal });

/** Another user as a caller acts on them: what they see. */
interface OtherUser {
  trackerScope?: { all: boolean; trackerIds: readonly (Types.ObjectId | string)[] } | null;
  /** What the caller does, for the refusal: "Changing another user". */
  what: string;
}

/**
 * The write side's access rules in one table (the read side's are the repositories' tracker scope):
 * what a caller limited to some trackers may not do, because the write would reach records, people
 * or addresses beyond the trackers they see. Services consult it through `assertMayWrite`; a route
 * that does says so with `@ChecksWriteAccess(...)`, and test/e2e/write-access.e2e-spec.ts walks
 * every write route as a limited user.
 */
export const WRITE_RULES = {
  'trackers.register': allTrackers("Registering trackers needs access to all of the client's trackers"),
  'assets.create_without_tracker': allTrackers('A user limited to some trackers creates assets with one of those trackers as mainTrackerId'),
  'assets.remove_main_tracker': allTrackers('A user limited to some trackers cannot leave an asset without a main tracker'),
  'users.grant_all_trackers': allTrackers('Only a user who sees all trackers may give access to all trackers'),
  'users.act_on_other': {
    // Else a reset password is a sign-in as someone who sees more, and a change of their trackers
    // or access reaches assets the caller cannot see.
    allows: (scope, { trackerScope }) => scope.isAll || (trackerScope?.all === false && trackerScope.trackerIds.every((id) => scope.includes(id))),
    refusal: ({ what }) => `${what} needs access to every tracker they see, and your role limits you to some`,
  } satisfies WriteRule<OtherUser>,
  'webhook_endpoints.manage': allTrackers(
    "Webhook endpoints receive the alerts and events of every asset: creating, changing or deleting one, or rotating its secret, needs access to all of the client's trackers",
  ),
  'scheduled_reports.change_others': allTrackers(
    "This schedule runs as its owner, who may see trackers you do not: changing or deleting another user's schedule needs access to all of the client's trackers",
  ),
  'alert_rules.outside_addresses': {
    // Outside addresses get every alert of the assets a rule covers: nothing filters them by trackers.
    allows: (scope, { onlySeenAssets }) => scope.isAll || onlySeenAssets,
    refusal: () =>
      'A user who sees only some trackers may send alerts to outside addresses (recipients.emails) only of assets they see: name them in assetIds, with allAssets false and no groupIds',
  } satisfies WriteRule<{ onlySeenAssets: boolean }>,
} as const;

export type WriteAction = keyof typeof WRITE_RULES;
type SubjectOf<A extends WriteAction> = Parameters<(typeof WRITE_RULES)[A]['allows']>[1];

/** Whether the caller may make the write (for a rule with a subject, on that subject). */
export function mayWrite<A extends WriteAction>(
  auth: Pick<AuthPrincipal, 'trackerScope'>,
  action: A,
  ...subject: SubjectOf<A> extends void ? [] : [SubjectOf<A>]
): boolean {
  const rule = WRITE_RULES[action] as WriteRule<SubjectOf<A>>;
  return rule.allows(auth.trackerScope, subject[0]);
}

/** 403 with the rule's reason unless the caller may make the write. */
export function assertMayWrite<A extends WriteAction>(
  auth: Pick<AuthPrincipal, 'trackerScope'>,
  action: A,
  ...subject: SubjectOf<A> extends void ? [] : [SubjectOf<A>]
): void {
  if (!mayWrite(auth, action, ...subject)) throw forbidden((WRITE_RULES[action] as WriteRule<SubjectOf<A>>).refusal(subject[0]));
}

export const WRITE_ACCESS_KEY = 'write-access';

/** The write rules a route's service consults (the route walker's evidence that it does). */
export const ChecksWriteAccess = (...actions: WriteAction[]) => SetMetadata(WRITE_ACCESS_KEY, actions);
