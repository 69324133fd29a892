import { Types } from 'mongoose';
import { toCargoLocationView } from './cargo-location.view';

describe('toCargoLocationView', () => {
  const base = {
    _id: new Types.ObjectId(),
    clientId: new Types.ObjectId(),
    name: 'Puerto',
    address: 'Av. Errázuriz 25',
    location: { type: 'Point' as const, coordinates: [-71.6268, -33.0362] as [number, number] },
    type: 'delivery' as const,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
  };

  it('turns the GeoJSON [lng, lat] pair into lat/lng', () => {
    expect(toCargoLocationView(base).coordinates).toEqual({ lat: -33.0362, lng: -71.6268 });
  });

  it('answers absent optional fields as null, keeping every key', () => {
    const view = toCargoLocationView(base);
    expect(view).toMatchObject({ city: null, notes: null, contact: { name: null, phone: null, email: null } });
    expect(Object.keys(view).sort()).toEqual([
      'address',
      'city',
      'clientId',
      'contact',
      'coordinates',
      'createdAt',
      'id',
      'name',
      'notes',
      'type',
      'updatedAt',
    ]);
  });

  it('keeps a partial contact', () => {
    expect(toCargoLocationView({ ...base, contact: { name: 'Luis Vera' } }).contact).toEqual({ name: 'Luis Vera', phone: null, email: null });
  });
});
