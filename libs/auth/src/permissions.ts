/** Permission names of roles. The spec names the first six; DESIGN.md fixes the rest. */
export enum Permission {
  Drivers = 'access_drivers',
  Invoices = 'access_invoices',
  User = 'access_user',
  Inspections = 'access_inspections',
  DynamicForms = 'access_dynamic_forms',
  ActivityLog = 'access_activity_log',
  Reports = 'access_reports',
  Support = 'access_support',
  Fuel = 'access_fuel',
  Maintenance = 'access_maintenance',
  Cargo = 'access_cargo',
}

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(Permission);

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}
