import { Module } from '@nestjs/common';
import { AssetOwnedDataModule } from '@app/fleet';
import { PlacesModule } from '../places';
import { Visit, VisitSchema } from './schemas/visit.schema';
import { VisitLedger } from './visit-ledger.service';
import { VisitsController } from './visits.controller';
import { VisitsService } from './visits.service';

/** Visits (`/api/visits`, `access_places`): kept from the place events the detector finds. */
const visitData = AssetOwnedDataModule.forFeature([{ name: Visit.name, schema: VisitSchema }]);

@Module({
  imports: [visitData, PlacesModule],
  controllers: [VisitsController],
  providers: [VisitLedger, VisitsService],
  exports: [visitData],
})
export class VisitsModule {}
