import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated } from '@app/auth';
import { PartnerHashesView } from './partner-hashes.view';
import { PartnerService } from './partner.service';

@ApiTags('partner')
@Controller('partner')
export class PartnerController {
  constructor(private readonly partner: PartnerService) {}

  /** The caller's own time-limited sign-in hashes and URL for the partner tracking platform. */
  @Get(':userId')
  @Authenticated()
  @ApiNotFoundResponse({ description: 'Not the caller, no partner account, or the partner platform integration is not configured (shape A)' })
  hashes(@Auth() auth: AuthContext, @Param('userId') userId: string): Promise<PartnerHashesView> {
    return this.partner.hashes(auth, userId);
  }
}
