// The public surface of the uploads domain: inspections and maintenance check and mark the uploads `file` answers name.
export { UploadsModule } from './uploads.module';
export { UploadsService } from './uploads.service';
export type { ReceivedFile } from './upload-file.interceptor';
export { UploadReferencesService } from './upload-references.service';
export { UploadSweeperService, UPLOAD_RETENTION_MS, isExpired } from './upload-sweeper.service';
export { UPLOAD_FILE_TYPES, detectFileType } from './upload-file-types';
