import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { IsInt, IsNumber, Min } from 'class-validator';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { AssetDirectory } from '@app/fleet';
import { DomainException, notFound } from '@app/errors';
import { PortalError } from '@app/integrations';
import { InspectionError } from '../../src/inspections/inspection-errors';
import { ErrorShapeOf } from '@app/http';

class PriceDto {
  @IsNumber({ maxDecimalPlaces: 2 })
  price: number;
}

class ProbeBodyDto {
  @IsInt()
  @Min(1)
  count: number;
}

/**
 * Test-only routes that exercise the cross-cutting machinery (guards, filters, shapes) without
 * depending on a domain's routes. Mounted by `createTestApp({ controllers: [ProbeController] })`.
 */
@Controller('probe')
export class ProbeController {
  constructor(private readonly assets: AssetDirectory) {}

  @Get('drivers-permission')
  @Authenticated({ permission: Permission.Drivers })
  permission(@Auth() auth: AuthContext) {
    return { userId: auth.userId.toHexString() };
  }

  @Post('bearer-only')
  @Authenticated({ bearerOnly: true })
  bearerOnly() {
    return { ok: true };
  }

  @Post('write')
  @Authenticated()
  write(@Auth() auth: AuthContext) {
    return { via: auth.via };
  }

  @Get('undeclared')
  undeclared() {
    return { leaked: true };
  }

  @Get('boom')
  @Authenticated()
  boom(): never {
    throw new Error('secret internal detail at /srv/app/db.ts:42');
  }

  @Post('shape-c')
  @Authenticated()
  @ErrorShapeOf('C')
  shapeC(@Body() body: ProbeBodyDto) {
    if (body.count === 13) throw new Error('unlucky');
    return body;
  }

  @Post('price')
  @Authenticated()
  price(@Body() body: PriceDto) {
    return body;
  }

  @Get('portal-down')
  @Authenticated()
  portalDown(): never {
    throw new DomainException(PortalError.PORTAL_UNAVAILABLE, 'The billing portal is not available right now');
  }

  @Get('qr-revoked')
  @Authenticated()
  qrRevoked(): never {
    throw new DomainException(InspectionError.INSPECTION_QR_REVOKED, 'This QR code was replaced and is no longer valid');
  }

  @Get('assets/:id')
  @Authenticated()
  async asset(@Auth() auth: AuthContext, @Param('id') id: string) {
    const asset = await this.assets.findAssetInService(auth, id);
    if (!asset) throw notFound('Asset');
    return { id: asset._id.toHexString(), name: asset.name };
  }
}
