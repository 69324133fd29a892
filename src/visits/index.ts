// The public surface of visits: the module, and the record (the visit report reads it).
export { VisitsModule } from './visits.module';
export { Visit } from './schemas/visit.schema';
export { toVisitView, VisitView } from './visit.view';
export { VisitReportService, type VisitReportFile } from './report/visit-report.service';
export { VisitReportDto } from './report/visit-report.dto';
