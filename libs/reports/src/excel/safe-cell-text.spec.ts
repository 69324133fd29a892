import { safeCellText } from './safe-cell-text';

describe('safeCellText', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['\u0000=cmd', "'=cmd"],
    ['\u0000x', "'x"],
  ])('neutralises %j', (input, output) => {
    expect(safeCellText(input)).toBe(output);
  });

  it.each(['F-1001', 'Pagada', 'a=b', 'Sin cobro', '', 'María Núñez'])('leaves %j alone', (input) => {
    expect(safeCellText(input)).toBe(input);
  });

  it('drops characters XML cannot hold', () => {
    expect(safeCellText('a\u0001b\u001Fc\nd')).toBe('abc\nd');
  });
});
