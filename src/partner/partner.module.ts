import { Module } from '@nestjs/common';
import { PartnerController } from './partner.controller';
import { PartnerService } from './partner.service';

/** Integration with the partner tracking platform: signed sign-in hashes (`/api/partner`). */
@Module({
  controllers: [PartnerController],
  providers: [PartnerService],
})
export class PartnerModule {}
