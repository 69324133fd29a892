import { Types } from 'mongoose';
import type { StoredUser } from '@app/auth';
import type { TrackedScope } from '@app/database';
import type { StoredAsset, StoredTracker } from '@app/fleet';

/** The manifest of DESIGN.md ("Demo data and the manifest"): a contract tests rely on. */
export interface DemoUserManifest {
  id: string;
  email: string;
  password: string;
  sessionToken: string;
  apiToken: string;
}

export type DemoUserKey = 'admin' | 'operator' | 'viewer';
export type DemoClientKey = 'acme' | 'globex';

export interface DemoClientManifest {
  id: string;
  name: string;
  users: Record<DemoUserKey, DemoUserManifest>;
  assets: { tracked: string; untracked: string; outOfScope: string };
  /** Keys completed by the domain seeders (vendorIds, trip, drivers, qrCodes, forms, …). */
  [key: string]: unknown;
}

export interface DemoManifest {
  version: 1;
  generatedAt: string;
  clients: Record<DemoClientKey, DemoClientManifest>;
}

/** What the identity seeder made for one client, handed to every later seeder. */
export interface DemoClientContext {
  key: DemoClientKey;
  clientId: Types.ObjectId;
  /** The client's whole scope, for seeders that write through the domain services. */
  scope: TrackedScope;
  name: string;
  users: Record<DemoUserKey, StoredUser>;
  trackers: { tracked: StoredTracker; outOfScope: StoredTracker };
  assets: { tracked: StoredAsset; untracked: StoredAsset; outOfScope: StoredAsset };
  assetGroupIds: { refrigerated: Types.ObjectId };
  manifest: DemoClientManifest;
}
