// The public surface of driving behaviour: the module, its report (scheduled reports run it) and the driver seam.
export { DrivingModule } from './driving.module';
export { DrivingReportService, type DrivingReportFile } from './report/driving-report.service';
export { DriverSpans, type DriverSpan } from './driver-spans';
