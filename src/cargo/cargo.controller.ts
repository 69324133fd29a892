import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CargoLocationView } from './cargo-location.view';
import { CargoService } from './cargo.service';

@ApiTags('cargo')
@Controller('cargo')
export class CargoController {
  constructor(private readonly cargo: CargoService) {}

  /** One cargo location ("ubicación") of the caller's client. */
  @Get('ubicaciones/:id')
  @Authenticated({ permission: Permission.Cargo })
  getLocation(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CargoLocationView> {
    return this.cargo.getLocation(auth, id);
  }
}
