// ZIP archives read defensively (.xlsx workbooks, .kmz files): the central directory, and one
// entry inflated within a bound.
export * from './zip-directory';
export * from './zip-entry-inflater';
export * from './zip-signature';
