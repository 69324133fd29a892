import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { AuthContext } from '@app/auth';
import { TenantRepository } from '@app/database';
import { CargoLocationView, toCargoLocationView } from './cargo-location.view';
import { CargoLocation } from './schemas/cargo-location.schema';

@Injectable()
export class CargoService {
  private readonly locations: TenantRepository<CargoLocation>;

  constructor(@InjectModel(CargoLocation.name) model: Model<CargoLocation>) {
    this.locations = new TenantRepository(model);
  }

  /** A location of the caller's client; unknown, malformed and foreign ids are all 404. */
  async getLocation(auth: AuthContext, id: string): Promise<CargoLocationView> {
    return toCargoLocationView(await this.locations.findOwnedByIdOrFail(auth.clientId, id, 'Cargo location'));
  }
}
