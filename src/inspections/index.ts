// The public surface of the inspections domain: the command line and the demo seed use it.
export { InspectionsModule } from './inspections.module';
export { QrCodesService, type QrScanSummary, type StoredQrCode } from './qr-codes/qr-codes.service';
export { formatQrCode } from './qr-codes/qr-code-issuing';
export { InspectionSubmissionService } from './submissions/inspection-submission.service';
// Inspections of a period, for the scheduled inspections report.
export { InspectionQueriesService } from './submissions/inspection-queries.service';
export { InspectionError } from './inspection-errors';
export { InspectionQrCode } from './schemas/inspection-qr-code.schema';
