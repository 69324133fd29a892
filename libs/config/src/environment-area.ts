/**
 * What an area of the environment (`with…Environment`) is mixed into: the variables stay one
 * class for class-transformer and class-validator, which read the decorators of its ancestors.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript takes a mixin's base only as a constructor of any[]
export type EnvironmentBase = new (...args: any[]) => object;
