import { DomainException } from '@app/errors';
import { chooseReportFormat, REPORT_CONTENT_TYPES } from './report-format';

describe('chooseReportFormat', () => {
  it('takes the query parameter first', () => {
    expect(chooseReportFormat('pdf', REPORT_CONTENT_TYPES.xlsx)).toBe('pdf');
    expect(chooseReportFormat('xlsx', 'application/pdf')).toBe('xlsx');
  });

  it.each(['PDF', 'csv', '', ['pdf', 'xlsx']])('refuses the query value %j', (value) => {
    expect(() => chooseReportFormat(value, undefined)).toThrow(DomainException);
  });

  it.each([
    [undefined, 'xlsx'],
    ['*/*', 'xlsx'],
    ['application/json', 'xlsx'],
    ['application/pdf', 'pdf'],
    ['application/pdf, */*;q=0.1', 'pdf'],
    [`${REPORT_CONTENT_TYPES.xlsx}`, 'xlsx'],
    [`application/pdf;q=0.5, ${REPORT_CONTENT_TYPES.xlsx};q=0.9`, 'xlsx'],
    [`application/pdf;q=0.9, ${REPORT_CONTENT_TYPES.xlsx};q=0.5`, 'pdf'],
    [`application/pdf, ${REPORT_CONTENT_TYPES.xlsx}`, 'xlsx'],
    ['application/pdf;q=0', 'xlsx'],
  ])('Accept %j gives %s', (accept, format) => {
    expect(chooseReportFormat(undefined, accept)).toBe(format);
  });
});
