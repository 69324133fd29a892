export * from './calendar-day.validators';
export * from './crockford';
export * from './escape-html';
export * from './fleet-dates';
export * from './fuel-grade';
export * from './object-id';
export * from './rut';
export * from './time-zone';
