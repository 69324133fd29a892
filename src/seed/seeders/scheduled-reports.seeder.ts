import { InjectRepository, TenantRepository } from '@app/database';
import { nextRunAfter, ScheduledReport } from '../../scheduled-reports';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

/**
 * Each demo client's scheduled report: yesterday's activity log as a CSV, every day at 07:00 in
 * the client's zone, to the demo admin — "run now" mails it to the demo SMTP server at once
 * (an .eml under .data/mail/). The manifest gets `scheduledReports: {daily}`.
 */
@DemoSeederProvider({ order: 70 })
export class ScheduledReportsDemoSeeder implements DemoSeeder {
  constructor(@InjectRepository(ScheduledReport) private readonly reports: TenantRepository<ScheduledReport>) {}

  async seed(client: DemoClientContext): Promise<void> {
    const admin = client.users.admin;
    const schedule = { frequency: 'daily' as const, time: '07:00', dayOfWeek: null, dayOfMonth: null, timeZone: 'America/Santiago' };
    const report = await this.reports.create(client.scope, {
      ownerId: admin._id,
      name: 'Actividad de ayer',
      report: 'activity',
      params: {},
      format: 'csv',
      schedule,
      recipients: { emails: [], userIds: [admin._id] },
      enabled: true,
      nextRunAt: nextRunAfter(schedule, new Date()),
    });
    client.manifest.scheduledReports = { daily: report._id.toHexString() };
  }
}
