import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { Upload, UploadSchema } from './schemas/upload.schema';
import { UploadContentStore } from './upload-content.store';
import { UploadReferencesService } from './upload-references.service';
import { UploadSweeperService } from './upload-sweeper.service';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

/** Photos and documents for `file` answers (`/api/uploads`), and the sweep of unreferenced ones. */
@Module({
  imports: [TenantDataModule.forFeature([{ name: Upload.name, schema: UploadSchema }])],
  controllers: [UploadsController],
  providers: [UploadsService, UploadContentStore, UploadReferencesService, UploadSweeperService],
  exports: [UploadsService, UploadReferencesService, UploadSweeperService],
})
export class UploadsModule {}
