/**
 * Permission names of roles. The spec names the first six; docs/design.md fixes the rest
 * (`access_assets` and `access_positions` for the platform around the nineteen operations;
 * `access_geofences` and `access_alerts` for geofences, events and alerts; `access_places` for
 * places, visits and layers; `access_tasks` for tasks).
 */
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
  Assets = 'access_assets',
  Positions = 'access_positions',
  Geofences = 'access_geofences',
  Alerts = 'access_alerts',
  Places = 'access_places',
  Tasks = 'access_tasks',
}

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(Permission);

/** What each permission allows, as `GET /api/permissions` lists it. */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = {
  [Permission.Drivers]: 'Import, list, edit and remove drivers',
  [Permission.Invoices]: 'Download invoice reports',
  [Permission.User]: 'Manage users and roles; change passwords',
  [Permission.Inspections]: 'Scan inspection QR codes and submit inspections',
  [Permission.DynamicForms]: 'Read and edit dynamic forms',
  [Permission.ActivityLog]: 'Read and export the activity log',
  [Permission.Reports]: 'Position, temperature and stop reports',
  [Permission.Support]: 'Create, read and comment support tickets',
  [Permission.Fuel]: 'Edit fuel tariffs and read the price history',
  [Permission.Maintenance]: 'Work orders and their categories, asset meters, service plans and their status',
  [Permission.Cargo]: 'Cargo locations',
  [Permission.Assets]: 'Assets, asset groups, trackers, QR codes and labels',
  [Permission.Positions]: 'Latest positions, the live stream, tracks and trip lists',
  [Permission.Geofences]: 'Geofences: create, list, edit and remove',
  [Permission.Alerts]: 'Fleet events, alert rules, alerts and webhook endpoints',
  [Permission.Places]: 'Places and their visits, map layers and the geocoder',
  [Permission.Tasks]: 'Tasks: create, list, edit, import, complete, fail and cancel',
};

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}
