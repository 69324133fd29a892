export * from './asset-target-fields';
export * from './asset-target-matcher';
export * from './asset-target-queries';
export * from './asset-targets';
export * from './asset-targets-checker.service';
export * from './asset-targets.dto';
