import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { BillingPortalClient } from './billing-portal.client';

@Module({
  imports: [HttpModule],
  providers: [BillingPortalClient],
  exports: [BillingPortalClient],
})
export class BillingPortalModule {}
