// Billing-and-support portal (tickets, invoices).
export * from './billing-portal';
// flespi REST API (device messages, calculator intervals) and the reverse geocoder.
export * from './flespi/flespi.client';
export * from './flespi/flespi.types';
export * from './geocoder/geocoder.client';
export * from './geocoder/request-spacer';
