export * from './cursor-page';
export * from './tenant-data.module';
export * from './tenant-query';
export * from './tenant-read-repository';
export * from './tenant-repository';
export * from './tenant-repository-options';
export * from './tenant-scope';
export * from './owner-visibility';
