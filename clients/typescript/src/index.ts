// The typed TypeScript client of the Fleet Platform API (see ../README.md).
export { createFleetClient } from './client';
export type { FleetClient, FleetClientOptions, Schemas } from './client';
export type { components, operations, paths } from './schema';
