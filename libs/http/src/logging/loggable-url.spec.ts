import { loggableUrl } from './loggable-url';

describe('loggableUrl', () => {
  it('redacts credential parameters by name, whatever their value', () => {
    expect(loggableUrl('/api/auth/me?access_token=atk_abc123&x=1')).toBe('/api/auth/me?access_token=[REDACTED]&x=1');
    expect(loggableUrl('/api/x?API_KEY=k&password=hunter2&Token=t')).toBe('/api/x?API_KEY=[REDACTED]&password=[REDACTED]&Token=[REDACTED]');
    expect(loggableUrl('/api/x?access%5Ftoken=zzz')).toBe('/api/x?access%5Ftoken=[REDACTED]');
  });

  it('redacts our tokens wherever they appear', () => {
    expect(loggableUrl('/api/x/sess_AbC-123_x?q=atk_zz9&from=01%2F02%2F2026')).toBe('/api/x/[REDACTED]?q=[REDACTED]&from=01%2F02%2F2026');
    // A mailed report link's token is its path.
    expect(loggableUrl('/api/report-files/rpt_Zm9vYmFy-_09')).toBe('/api/report-files/[REDACTED]');
  });

  it('leaves other URLs as they are, malformed escapes included', () => {
    for (const url of ['/api/drivers/65f0c0ffee00000000000001', '/api/x?q=%E0%A4%A&limit=5', '/api/x?', '/']) expect(loggableUrl(url)).toBe(url);
  });
});
