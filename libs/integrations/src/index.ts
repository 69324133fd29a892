// Billing-and-support portal (tickets, invoices).
export * from './billing-portal';
