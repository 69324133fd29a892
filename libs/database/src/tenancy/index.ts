export * from './cursor-page';
export * from './tenant-data.module';
export * from './tenant-query';
export * from './tenant-repository';
export * from './tenant-scope';
export * from './owner-visibility';
