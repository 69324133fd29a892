export * from './asset-directory.service';
export * from './asset-owned-data.module';
export * from './asset-visibility.service';
export * from './asset-group.schema';
export * from './asset.schema';
export * from './fleet.module';
export * from './tracker.schema';
export * from './tracker-routing.service';
