export * from './alert-texts';
export * from './event-sentences';
export * from './language';
export * from './local-time';
export * from './numbers';
export * from './notice-texts';
export * from './report-words';
