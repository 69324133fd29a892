import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { importLoops } from './import-loops';
import { assetOwnedOffenders, modelsWithField, registrations, type Sources } from './source-models';

/**
 * The layout's rules as a test (docs/architecture.md, "Layout"): tenant data only through the
 * tenant repositories, domains through each other's public surface, libraries never into `src/`.
 */
const root = resolve(__dirname, '../..');

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) found.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) found.push(path);
  }
  return found;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const srcFiles = sourceFiles('src').filter((path) => path !== 'src/metadata.ts');
const libFiles = sourceFiles('libs');
const sources: Sources = new Map([...srcFiles, ...libFiles].map((path) => [path, read(path)]));

/** Relative imports of a file, resolved to paths from the repository root (without extension). */
function relativeImports(path: string): string[] {
  return [...read(path).matchAll(/from '(\.[^']*)'/g)].map((match) => relative(root, resolve(join(root, dirname(path)), match[1])));
}

/**
 * Libraries that read tenant models before any caller's scope exists, each for a reason: a
 * credential is resolved to its user, role and client (auth), and a device's message to its
 * tracker (fleet's routing, by the platform-wide vendor id).
 */
const LIB_UNSCOPED_ALLOWED = [
  /^libs\/auth\/src\/(tokens|provisioning)\//,
  /^libs\/fleet\/src\/tracker-routing\.service\.ts$/,
  /^libs\/database\/src\/tenancy\//,
];

/** Tenant models a library registers without a repository: sessions and API tokens, found by their token's hash before any caller exists. */
const LIB_RAW_MODELS = ['Session', 'ApiToken'];

/** Where data of several clients may be read in one query: explicit, and few. */
const UNSCOPED_ALLOWED = [
  /^src\/seed\//,
  /^src\/cli\//,
  /^src\/fuel\/price-change\/price-change-resumer\.ts$/,
  // The boot sweep of work orders left by a submission killed before its inspection was written.
  /^src\/maintenance\/work-orders\/unconfirmed-inspection-orders\.ts$/,
  // The boot backfill of search keys for drivers written before the keys existed.
  /^src\/drivers\/driver-search-keys\.backfill\.ts$/,
  // Every client's events of some types, a page at a time, for the driving months' boot backfill.
  /^src\/events\/events-of-types\.ts$/,
  // The overdue sweep: every client's open work orders past a due date.
  /^src\/maintenance\/work-orders\/overdue-work-orders\.sweep\.ts$/,
  // The offline check: every silent asset's detector state, whatever its client (each instance keeps those of its trackers).
  /^src\/events\/detection\/offline-watch\.ts$/,
  // The late-task sweep: every client's tasks whose window closed without an arrival.
  /^src\/tasks\/late\/late-tasks\.sweep\.ts$/,
  // The service-status sweep: every client's statuses the calendar may have moved.
  /^src\/maintenance\/service-plans\/service-status\.sweep\.ts$/,
  // The scheduled reports' due sweep: every client's schedules whose next run has come.
  /^src\/scheduled-reports\/runs\/scheduled-reports\.sweep\.ts$/,
  // A mailed report link's download: its token is the credential, whatever the client.
  /^src\/scheduled-reports\/files\/report-file-downloads\.ts$/,
  // Expired report links: every client's files past their seven days.
  /^src\/scheduled-reports\/files\/expired-report-files\.sweep\.ts$/,
  // Alerts and openings of the version before the registers of unsettled starts: every client's, once at boot.
  /^src\/alerts\/alerts\/unsettled-starts\.backfill\.ts$/,
  // Inbox entries of the per-user shape (one document per recipient): every client's, once at boot.
  /^src\/alerts\/inbox\/per-user-entries\.backfill\.ts$/,
  // Retention: every client's deliveries, events and inbox entries past their period, in one delete each.
  /^src\/webhooks\/delivery-retention\.ts$/,
  /^src\/events\/event-retention\.ts$/,
  /^src\/alerts\/inbox\/inbox-retention\.ts$/,
  // Route ETAs: every client's routes dated around today, kept in memory by their vehicle's tracker.
  /^src\/routes\/eta\/routes-today\.ts$/,
];

describe('architecture', () => {
  const tenant = modelsWithField(sources, 'clientId');
  const assetOwned = modelsWithField(sources, 'assetId');

  it('finds the tenant models', () => {
    for (const name of [
      'Driver',
      'WorkOrder',
      'DynamicForm',
      'Asset',
      'Tracker',
      'User',
      'ActivityEvent',
      'FuelTariff',
      'InspectionQrCode',
      'Session',
      'ApiToken',
    ]) {
      expect(tenant).toContain(name);
    }
  });

  it('reaches tenant data in src/ only through tenant repositories', () => {
    const offenders: string[] = [];
    for (const path of srcFiles) {
      const text = read(path);
      const unscopedAllowed = UNSCOPED_ALLOWED.some((rule) => rule.test(path));
      for (const match of text.matchAll(/(?:InjectModel|getModelToken)\((\w+)\.name\)/g)) {
        if (tenant.has(match[1]) && !(unscopedAllowed && match[0].startsWith('getModelToken'))) offenders.push(`${path}: ${match[0]}`);
      }
      for (const match of text.matchAll(/InjectUnscopedModel\((\w+)\)/g)) {
        if (!unscopedAllowed) offenders.push(`${path}: ${match[0]} (only ${UNSCOPED_ALLOWED.join(', ')})`);
      }
      if (/new TenantRepository\(/.test(text)) offenders.push(`${path}: new TenantRepository (register it with TenantDataModule.forFeature)`);
    }
    expect(offenders).toEqual([]);
  });

  it('reaches tenant data in libs/ only through tenant repositories, but where no caller exists yet', () => {
    const offenders: string[] = [];
    for (const path of libFiles.filter((file) => !LIB_UNSCOPED_ALLOWED.some((rule) => rule.test(file)))) {
      const text = read(path);
      for (const match of text.matchAll(/(?:InjectModel|getModelToken)\((\w+)\.name\)|InjectUnscopedModel\((\w+)\)/g)) {
        if (tenant.has(match[1] ?? match[2])) offenders.push(`${path}: ${match[0]}`);
      }
      if (/new TenantRepository\(/.test(text)) offenders.push(`${path}: new TenantRepository (register it with TenantDataModule.forFeature)`);
    }
    expect(offenders).toEqual([]);
  });

  it('finds the asset-owned models', () => {
    for (const name of ['WorkOrder', 'Inspection', 'InspectionQrCode', 'InspectionQrScan', 'FuelCostEntry']) expect(assetOwned).toContain(name);
  });

  it('registers every model that carries assetId through AssetOwnedDataModule (client, tracker scope and archived assets in one place)', () => {
    expect(assetOwnedOffenders(sources)).toEqual([]);
  });

  it('registers tenant models in libs/ with TenantDataModule, but the credentials that sign-in reads by token hash', () => {
    const raw = registrations(new Map([...sources].filter(([path]) => path.startsWith('libs/'))), 'MongooseModule').filter(({ model }) => tenant.has(model));
    expect(raw.filter(({ model }) => !LIB_RAW_MODELS.includes(model))).toEqual([]);
  });

  describe('its rules catch what they are for (on sources made up to break them)', () => {
    const schema = (name: string, fields: string, base = '') =>
      `@Schema({ collection: 'x' })\nexport class ${name}${base ? ` extends ${base}` : ''} {\n${fields}\n}\n`;
    const refuel = schema('Refuel', '  @Prop()\n  clientId: Types.ObjectId;\n\n  @Prop()\n  assetId?: Types.ObjectId;');
    const module = (call: string) => `const data = ${call}.forFeature([{ name: Refuel.name, schema: RefuelSchema }]);\n`;

    it('a model with assetId registered with TenantDataModule or MongooseModule, or not at all, is an offender', () => {
      for (const call of ['TenantDataModule', 'MongooseModule']) {
        expect(
          assetOwnedOffenders(
            new Map([
              ['src/fuel/refuel.schema.ts', refuel],
              ['src/fuel/fuel.module.ts', module(call)],
            ]),
          ),
        ).toEqual(['Refuel: not registered with AssetOwnedDataModule.forFeature', `src/fuel/fuel.module.ts: Refuel registered without its asset's scope`]);
      }
      expect(assetOwnedOffenders(new Map([['src/fuel/refuel.schema.ts', refuel]]))).toEqual(['Refuel: not registered with AssetOwnedDataModule.forFeature']);
      expect(
        assetOwnedOffenders(
          new Map([
            ['src/fuel/refuel.schema.ts', refuel],
            ['src/fuel/fuel.module.ts', module('AssetOwnedDataModule')],
          ]),
        ),
      ).toEqual([]);
    });

    it('a field declared by a base class counts (tenant models that inherit clientId)', () => {
      const base = 'export abstract class Owned {\n  @Prop()\n  clientId: Types.ObjectId;\n}\n';
      const files = new Map([
        ['libs/x/owned.schema.ts', base],
        ['libs/x/note.schema.ts', schema('Note', '  title: string;', 'Owned') + schema('Plain', '  title: string;')],
      ]);
      expect([...modelsWithField(files, 'clientId')]).toEqual(['Note']);
    });
  });

  it('lets one domain use another only through its public surface (src/<domain>/index.ts)', () => {
    const offenders: string[] = [];
    for (const path of srcFiles) {
      const [, from] = path.split('/');
      for (const target of relativeImports(path)) {
        const [top, domain, ...rest] = target.split('/');
        // `src/<domain>` is its index (the surface); `src/app.module` a root file.
        if (top !== 'src' || rest.length === 0) continue;
        if (domain === from) continue;
        // src/<domain>/index is the surface; `rest` is ['index'] only when spelled out.
        if (!(rest.length === 1 && rest[0] === 'index')) offenders.push(`${path} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the demo seed out of the production app module', () => {
    const appModule = read('src/app.module.ts');
    expect(appModule).not.toMatch(/seed/i);
    const fromDomains = srcFiles.filter((path) => !/^src\/(seed|cli)\//.test(path) && path !== 'src/main.ts');
    expect(fromDomains.filter((path) => relativeImports(path).some((target) => target.startsWith('src/seed')))).toEqual([]);
  });

  it('never imports src/ from libs/, and libraries reach each other by their @app alias', () => {
    const offenders: string[] = [];
    for (const path of libFiles) {
      const [, lib] = path.split('/');
      if (/from '(?:\.\.\/)*src\//.test(read(path))) offenders.push(`${path} imports src/`);
      for (const target of relativeImports(path)) {
        const [top, targetLib] = target.split('/');
        if (top !== 'libs' || targetLib !== lib) offenders.push(`${path} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('has no import loop between files, direct or around a circle (type imports too): each file stands above what it imports', () => {
    const fileOf = (target: string) => [`${target}.ts`, `${target}/index.ts`].find((path) => sources.has(path));
    const imports = new Map([...sources.keys()].map((path) => [path, relativeImports(path).flatMap((target) => fileOf(target) ?? [])]));
    expect(importLoops(imports)).toEqual([]);
    // The rule finds a loop: a → b → c → a, beside d → a.
    const made = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importLoops(made)).toEqual([['a', 'b', 'c']]);
  });

  it('registers recurring jobs by marking a method (@RecurringJob), not by calling Jobs.every by hand', () => {
    const offenders = [...sources].filter(([path, text]) => /\bjobs\.every\(/.test(text) && path !== 'libs/jobs/src/recurring-jobs.ts').map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it('decides the write side’s tracker-scope rules in one table (libs/auth WRITE_RULES), not by hand in services', () => {
    // What may still read the scope whole: reads, which the repositories scope (a cache key of the
    // caller's trackers; whether a refusal may name what holds a plate).
    const reads = ['src/positions/live/scoped-trackers.service.ts', 'src/assets/asset-links.ts', 'libs/auth/src/access/write-access.ts'];
    const offenders = [...sources]
      .filter(([path, text]) => /trackerScope\.isAll/.test(text) && !reads.includes(path) && !path.endsWith('.spec.ts'))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
