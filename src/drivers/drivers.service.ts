import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { Driver } from './schemas/driver.schema';
import { DriverView, toDriverView } from './driver.view';

@Injectable()
export class DriversService {
  constructor(@InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>) {}

  /** A driver of the caller's client; unknown, malformed and foreign ids are all 404. */
  async get(auth: AuthContext, id: string): Promise<DriverView> {
    return toDriverView(await this.drivers.findByIdOrFail(auth, id, 'Driver'));
  }
}
