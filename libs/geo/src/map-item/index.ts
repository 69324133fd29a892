export * from './map-item-fields.dto';
export * from './map-item.schema';
export * from './map-item.view';
