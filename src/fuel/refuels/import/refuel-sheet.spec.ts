import { readRefuelSheet, statementDate, statementNumber } from './refuel-sheet';

describe('fuel-card statements', () => {
  it('reads numbers written the Chilean way, the English way and plainly', () => {
    expect([
      statementNumber('1049.9'),
      statementNumber('1.049,90'),
      statementNumber('1,049.90'),
      statementNumber('$ 1.050'),
      statementNumber('182,4'),
      statementNumber('abc'),
      statementNumber(''),
    ]).toEqual([1049.9, 1049.9, 1049.9, 1050, 182.4, null, null]);
  });

  it('reads dates in the client’s zone', () => {
    expect(statementDate('24/11/2026 07:30', 'America/Santiago')?.toUTC().toISO()).toBe('2026-11-24T10:30:00.000Z');
    expect(statementDate('2026-11-24 07:30:00', 'America/Santiago')?.toUTC().toISO()).toBe('2026-11-24T10:30:00.000Z');
    expect(statementDate('2026-11-24T07:30:00-03:00', 'UTC')?.toUTC().toISO()).toBe('2026-11-24T10:30:00.000Z');
    expect(statementDate('31/02/2026', 'UTC')).toBeNull();
  });

  it('maps the columns by their Spanish or English names and reports every problem by row and field', () => {
    const grid = {
      format: 'csv' as const,
      rows: [
        { number: 1, cells: ['Patente', 'Fecha', 'Litros', 'Precio/Litro', 'Total', 'Estación', 'Tarjeta'] },
        { number: 2, cells: ['KTRB-45', '24/11/2026 07:30', '182,4', '1.049,90', '', 'Copec', '1234'] },
        { number: 3, cells: ['ZZZZ99', 'ayer', '-5', 'x', '', '', ''] },
      ],
    };
    const { rows, problems } = readRefuelSheet(grid, 'America/Santiago', (text) => (text.replace(/\W/g, '') === 'KTRB45' ? 'asset-1' : null));
    expect(rows).toEqual([{ row: 2, assetId: 'asset-1', occurredAt: '2026-11-24T07:30:00.000-03:00', liters: 182.4, pricePerLiter: 1049.9, station: 'Copec' }]);
    expect(problems.map((p) => [p.row, p.field])).toEqual([
      [1, null],
      [3, 'asset'],
      [3, 'occurredAt'],
      [3, 'liters'],
      [3, 'pricePerLiter'],
    ]);
  });
});
