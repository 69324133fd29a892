import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Permission } from '@app/auth';
import { REPORT_NAMES, type ReportName, type ReportSource, ScheduledReportSource } from './report-source';
import { ReportSources } from './report-sources';

/** A marked source of the given name that builds nothing. */
function sourceNamed(name: ReportName): Type<ReportSource> {
  @Injectable()
  @ScheduledReportSource()
  class NamedSource implements ReportSource {
    readonly name = name;
    readonly permission = Permission.Reports;
    readonly formats = ['csv'] as const;
    readonly params = {};
    checkParams = () => null;
    build = () => Promise.reject(new Error('not built here'));
  }
  return NamedSource;
}

async function started(sources: Array<Type<ReportSource>>): Promise<ReportSources> {
  const app = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [ReportSources, ...sources] }).compile();
  await app.init();
  return app.get(ReportSources);
}

/** The marked sources found at start; the whole set, each source's report, in the scheduled reports' e2e suites. */
describe('ReportSources', () => {
  it('finds every marked source, and names them in the order of REPORT_NAMES', async () => {
    const sources = await started([...REPORT_NAMES].reverse().map(sourceNamed));
    expect(sources.names()).toEqual([...REPORT_NAMES]);
    expect(sources.get('visits')?.name).toBe('visits');
  });

  it('does not start with a report no source builds', async () => {
    await expect(started(REPORT_NAMES.filter((name) => name !== 'stops').map(sourceNamed))).rejects.toThrow('No scheduled report source builds stops');
  });

  it('does not start with two sources of one name', async () => {
    await expect(started([...REPORT_NAMES.map(sourceNamed), sourceNamed('fuel')])).rejects.toThrow('Two scheduled report sources are named fuel');
  });
});
