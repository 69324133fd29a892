type Side = { file: string; from: number; to: number };
type Row = { id: string; line: string; sides: [Side, Side] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { statementLines, parseRows, classify } = require('../../scripts/copies') as {
  statementLines: (fileName: string, text: string) => Set<number>;
  parseRows: (output: string) => Row[];
  classify: (rows: Row[], readText: (file: string) => string) => { copies: Row[]; declarations: Row[] };
};

const lines = (...text: string[]) => text.join('\n');

// Lines 3-6 are the constructor, 8-13 a method of four statements, 15-20 a view of one.
const service = (name: string, repository: string) =>
  lines(
    '@Injectable()',
    `export class ${name} {`,
    '  constructor(',
    `    @InjectRepository(${repository}) private readonly records: TenantRepository<${repository}>,`,
    '    private readonly activity: ActivityRecorder,',
    '  ) {}',
    '',
    '  async archive(auth: AuthContext, id: string): Promise<void> {',
    "    const record = await this.records.findByIdOrFail(auth, id, 'Record');",
    '    if (record.archivedAt) return;',
    '    await this.records.updateRecord(auth, record, { archivedAt: new Date() });',
    "    this.activity.record(auth, 'record.archived', { id });",
    '  }',
    '',
    `  view(record: ${repository}) {`,
    '    return {',
    '      id: record._id.toHexString(),',
    '      name: record.name,',
    '    };',
    '  }',
    '}',
  );

const files: Record<string, string> = { 'a.ts': service('PlacesService', 'Place'), 'b.ts': service('RoutesService', 'Route') };
const row = (id: string, from: number, to: number): Row => ({
  id,
  line: `${id} a.ts:${from}-${to} ~ b.ts:${from}-${to} shape`,
  sides: [
    { file: 'a.ts', from, to },
    { file: 'b.ts', from, to },
  ],
});

/** `node scripts/copies.js`: which rows of the duplicate scan copy logic (docs/architecture.md, "Copies"). */
describe('copies (scripts/copies.js)', () => {
  it('counts the statements of function bodies, not parameters, fields or the lines of an object literal', () => {
    expect([...statementLines('a.ts', files['a.ts'])].sort((x, y) => x - y)).toEqual([9, 10, 11, 12, 16]);
  });

  it('reads the rows the scan does not mark boilerplate', () => {
    const output = lines(
      '3 pairs of places (2 files read), each sharing runs of 6 or more identical or same-shape lines',
      'D1 src/a.ts:3-14 ~ libs/b/src/b.ts:40-51 shape (+1 more run)',
      'D2 src/a.ts:20-26 ~ src/c.ts:1-7',
      'D3 src/a.ts:30-36 ~ src/d.ts:8-14 shape boilerplate',
      'left out: 2 runs of 6 lines that stand in more than 8 places each (too common to list)',
    );
    expect(parseRows(output).map(({ id, sides }) => ({ id, sides }))).toEqual([
      {
        id: 'D1',
        sides: [
          { file: 'src/a.ts', from: 3, to: 14 },
          { file: 'libs/b/src/b.ts', from: 40, to: 51 },
        ],
      },
      {
        id: 'D2',
        sides: [
          { file: 'src/a.ts', from: 20, to: 26 },
          { file: 'src/c.ts', from: 1, to: 7 },
        ],
      },
    ]);
  });

  it('tells a copied method from a shared constructor list or view', () => {
    const rows = [row('D1', 1, 9), row('D2', 8, 13), row('D3', 15, 20)];
    const { copies, declarations } = classify(rows, (file) => files[file]);
    expect(copies.map(({ id }) => id)).toEqual(['D2']);
    expect(declarations.map(({ id }) => id)).toEqual(['D1', 'D3']);
  });
});
