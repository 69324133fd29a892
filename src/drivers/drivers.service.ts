import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { AuthContext } from '@app/auth';
import { TenantRepository } from '@app/database';
import { Driver } from './schemas/driver.schema';
import { DriverView, toDriverView } from './driver.view';

@Injectable()
export class DriversService {
  private readonly repository: TenantRepository<Driver>;

  constructor(@InjectModel(Driver.name) drivers: Model<Driver>) {
    this.repository = new TenantRepository(drivers);
  }

  /** A driver of the caller's client; unknown, malformed and foreign ids are all 404. */
  async get(auth: AuthContext, id: string): Promise<DriverView> {
    return toDriverView(await this.repository.findOwnedByIdOrFail(auth.clientId, id, 'Driver'));
  }
}
