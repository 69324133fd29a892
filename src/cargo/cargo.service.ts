import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { CargoLocationView, toCargoLocationView } from './cargo-location.view';
import { CargoLocation } from './schemas/cargo-location.schema';

@Injectable()
export class CargoService {
  constructor(@InjectRepository(CargoLocation) private readonly locations: TenantRepository<CargoLocation>) {}

  /** A location of the caller's client; unknown, malformed and foreign ids are all 404. */
  async getLocation(auth: AuthContext, id: string): Promise<CargoLocationView> {
    return toCargoLocationView(await this.locations.findByIdOrFail(auth, id, 'Cargo location'));
  }
}
