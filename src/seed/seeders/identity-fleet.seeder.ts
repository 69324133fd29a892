import { Injectable } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { ALL_PERMISSIONS, ApiTokenService, IdentityProvisioning, SessionService, StoredUser } from '@app/auth';
import { Asset, AssetGroup, StoredAsset, StoredTracker, Tracker } from '@app/fleet';
import { DemoClientContext, DemoClientKey, DemoUserKey, DemoUserManifest } from '../demo-manifest';
import { InjectUnscopedModel, scopeOfClient } from '@app/database';

export const DEMO_CLIENTS: Record<DemoClientKey, { name: string; vendorBase: number }> = {
  acme: { name: 'Acme Logística SpA', vendorBase: 7_100_000 },
  globex: { name: 'Globex Transportes Ltda.', vendorBase: 7_200_000 },
};

// Demo sessions outlive SESSION_TTL_HOURS so a manifest stays usable for a month of demos.
const DEMO_SESSION_HOURS = 24 * 30;

/** Clients, roles, users with their tokens, trackers and assets: what every other seeder builds on. */
@Injectable()
export class IdentityFleetSeeder {
  constructor(
    private readonly identities: IdentityProvisioning,
    private readonly sessions: SessionService,
    private readonly apiTokens: ApiTokenService,
    @InjectUnscopedModel(Tracker) private readonly trackers: Model<Tracker>,
    @InjectUnscopedModel(Asset) private readonly assets: Model<Asset>,
    @InjectUnscopedModel(AssetGroup) private readonly groups: Model<AssetGroup>,
  ) {}

  async seedClient(key: DemoClientKey): Promise<DemoClientContext> {
    const { name, vendorBase } = DEMO_CLIENTS[key];
    const clientId = await this.identities.createClient(name);
    const { tracked, outOfScope, group, trackedAsset, untrackedAsset, outOfScopeAsset } = await this.seedFleet(clientId, vendorBase);
    const { users, manifestUsers } = await this.seedUsers(key, clientId, name, tracked._id);

    const asStored = <T>(doc: { toObject(): unknown }) => doc.toObject() as T & { _id: Types.ObjectId };
    return {
      key,
      clientId,
      scope: scopeOfClient(clientId),
      name,
      users,
      trackers: { tracked: asStored<StoredTracker>(tracked), outOfScope: asStored<StoredTracker>(outOfScope) },
      assets: {
        tracked: asStored<StoredAsset>(trackedAsset),
        untracked: asStored<StoredAsset>(untrackedAsset),
        outOfScope: asStored<StoredAsset>(outOfScopeAsset),
      },
      assetGroupIds: { refrigerated: group._id },
      manifest: {
        id: clientId.toHexString(),
        name,
        users: manifestUsers,
        assets: {
          tracked: trackedAsset._id.toHexString(),
          untracked: untrackedAsset._id.toHexString(),
          outOfScope: outOfScopeAsset._id.toHexString(),
        },
        vendorIds: { tracked: tracked.vendorId },
        trackers: { tracked: tracked._id.toHexString(), outOfScope: outOfScope._id.toHexString() },
        assetGroups: { refrigerated: group._id.toHexString() },
      },
    };
  }

  /** Two trackers, one group and three assets: one tracked, one without a tracker, one on the tracker the operator does not see. */
  private async seedFleet(clientId: Types.ObjectId, vendorBase: number) {
    const [tracked, outOfScope] = await this.trackers.create([
      { clientId, vendorId: vendorBase + 1, name: 'Teltonika FMB920 #1', model: 'FMB920' },
      { clientId, vendorId: vendorBase + 2, name: 'Teltonika FMB920 #2', model: 'FMB920' },
    ]);
    const group = await this.groups.create({ clientId, name: 'Camiones refrigerados' });
    const [trackedAsset, untrackedAsset, outOfScopeAsset] = await this.assets.create([
      {
        clientId,
        name: 'Camión refrigerado 01',
        plate: 'KJHT-42',
        kind: 'truck',
        icon: { id: 'truck', color: '#1e88e5' },
        mainTrackerId: tracked._id,
        groupIds: [group._id],
      },
      { clientId, name: 'Rampla 07', plate: 'JX-4521', kind: 'trailer', icon: { id: 'trailer', color: '#8e24aa' } },
      { clientId, name: 'Furgón reparto 03', plate: 'LPRW-18', kind: 'van', icon: { id: 'van', color: '#43a047' }, mainTrackerId: outOfScope._id },
    ]);
    return { tracked, outOfScope, group, trackedAsset, untrackedAsset, outOfScopeAsset };
  }

  /** The three roles and a user of each, with their credentials; the operator sees only the tracked tracker. */
  private async seedUsers(
    key: DemoClientKey,
    clientId: Types.ObjectId,
    name: string,
    trackedId: Types.ObjectId,
  ): Promise<{ users: Record<DemoUserKey, StoredUser>; manifestUsers: Record<DemoUserKey, DemoUserManifest> }> {
    const roles = {
      admin: await this.identities.ensureRole(clientId, 'Administrador', ALL_PERMISSIONS, true),
      operator: await this.identities.ensureRole(clientId, 'Operador', ALL_PERMISSIONS, false),
      viewer: await this.identities.ensureRole(clientId, 'Visualizador', [], false),
    };
    const users = {} as Record<DemoUserKey, StoredUser>;
    const manifestUsers = {} as Record<DemoUserKey, DemoUserManifest>;
    for (const role of ['admin', 'operator', 'viewer'] as const) {
      const { user, password } = await this.identities.createUser({
        clientId,
        email: `${role}@${key}.demo`,
        name: `${role[0].toUpperCase()}${role.slice(1)} ${name.split(' ')[0]}`,
        roleId: roles[role],
        trackerIds: role === 'operator' ? [trackedId] : undefined,
        partnerLogin: role === 'operator' ? undefined : `${key}-${role}`,
      });
      users[role] = user;
      manifestUsers[role] = await this.credentialsFor(user, password);
    }
    return { users, manifestUsers };
  }

  private async credentialsFor(user: StoredUser, password: string): Promise<DemoUserManifest> {
    const session = await this.sessions.issue(user, { userAgent: 'demo seed' }, DEMO_SESSION_HOURS);
    const apiToken = await this.apiTokens.create({ userId: user._id, clientId: user.clientId }, 'Demo integration');
    return { id: user._id.toHexString(), email: user.email, password, sessionToken: session.token, apiToken: apiToken.token };
  }
}
