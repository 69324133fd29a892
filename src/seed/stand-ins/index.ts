export * from './demo-stand-ins';
export * from './local-server';
export * from './offline-geocoder';
export * from './portal-invoices';
export * from './portal-stand-in';
