import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { CARGO_LOCATION_TYPES, CargoLocation, CargoLocationType } from './schemas/cargo-location.schema';
import { recordTimes } from '@app/http';

export class CargoLocationContactView {
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** A cargo location ("ubicación") of the caller's client. */
export class CargoLocationView {
  id: string;
  clientId: string;
  name: string;
  address: string;
  city: string | null;
  /** WGS 84 degrees. */
  coordinates: { lat: number; lng: number };
  /** `loading`, `delivery` or `both`. */
  // The values in this order: the plugin writes a union in the type checker's order, which other files' literals change.
  @ApiProperty({ enum: CARGO_LOCATION_TYPES })
  type: CargoLocationType;
  contact: CargoLocationContactView;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toCargoLocationView(location: Stored<CargoLocation>): CargoLocationView {
  const [lng, lat] = location.location.coordinates;
  return {
    id: location._id.toHexString(),
    clientId: location.clientId.toHexString(),
    name: location.name,
    address: location.address,
    city: location.city ?? null,
    coordinates: { lat, lng },
    type: location.type,
    contact: { name: location.contact?.name ?? null, phone: location.contact?.phone ?? null, email: location.contact?.email ?? null },
    notes: location.notes ?? null,
    ...recordTimes(location),
  };
}
