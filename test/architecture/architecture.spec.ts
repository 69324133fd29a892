import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

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

/** Relative imports of a file, resolved to paths from the repository root (without extension). */
function relativeImports(path: string): string[] {
  return [...read(path).matchAll(/from '(\.[^']*)'/g)].map((match) => relative(root, resolve(join(root, dirname(path)), match[1])));
}

/** Classes of schemas that carry `field` (e.g. `clientId`: the tenant models). */
function modelsWithField(field: string): Set<string> {
  const names = new Set<string>();
  const declares = new RegExp(`^\\s+${field}\\??:`, 'm');
  for (const path of [...srcFiles, ...libFiles].filter((file) => file.endsWith('.schema.ts'))) {
    for (const block of read(path).split(/@Schema\(/).slice(1)) {
      const name = /export class (\w+)/.exec(block)?.[1];
      const body = block.slice(0, block.indexOf('\n}\n'));
      if (name && declares.test(body)) names.add(name);
    }
  }
  return names;
}

/** The models named in each kind of registration call (`X.forFeature([... { name: Model.name ...`), by file. */
function registrations(call: string): Array<{ path: string; model: string }> {
  const found: Array<{ path: string; model: string }> = [];
  for (const path of [...srcFiles, ...libFiles]) {
    const text = read(path);
    for (const start of [...text.matchAll(new RegExp(`${call}\\.forFeature\\(`, 'g'))].map((match) => match.index!)) {
      // The call's argument, up to its closing bracket: `forFeature([ ... ])`.
      let depth = 0;
      let end = start;
      for (let i = text.indexOf('(', start); i < text.length; i++) {
        if (text[i] === '(') depth++;
        if (text[i] === ')' && --depth === 0) {
          end = i;
          break;
        }
      }
      for (const match of text.slice(start, end).matchAll(/name:\s*(\w+)\.name/g)) found.push({ path, model: match[1] });
    }
  }
  return found;
}

/**
 * Libraries that read tenant models before any caller's scope exists, each for a reason: a
 * credential is resolved to its user, role and client (auth), and a device's message to its
 * tracker (fleet's routing, by the platform-wide vendor id).
 */
const LIB_UNSCOPED_ALLOWED = [/^libs\/auth\/src\/(tokens|provisioning)\//, /^libs\/fleet\/src\/tracker-routing\.service\.ts$/, /^libs\/database\/src\/tenancy\//];

/** Where data of several clients may be read in one query: explicit, and few. */
const UNSCOPED_ALLOWED = [/^src\/seed\//, /^src\/cli\//, /^src\/fuel\/price-change\/price-change-resumer\.ts$/,
  // The boot sweep of work orders left by a submission killed before its inspection was written.
  /^src\/maintenance\/work-orders\/unconfirmed-inspection-orders\.ts$/,
  // The boot backfill of search keys for drivers written before the keys existed.
  /^src\/drivers\/driver-search-keys\.backfill\.ts$/,
  // The offline sweep: every silent asset's detector state, whatever its client.
  /^src\/events\/detection\/offline-sweep\.ts$/,
];

describe('architecture', () => {
  const tenant = modelsWithField('clientId');
  const assetOwned = modelsWithField('assetId');

  it('finds the tenant models', () => {
    for (const name of ['Driver', 'WorkOrder', 'DynamicForm', 'Asset', 'Tracker', 'User', 'ActivityEvent', 'FuelTariff', 'InspectionQrCode']) {
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
    for (const name of ['WorkOrder', 'Inspection', 'InspectionQrCode', 'InspectionQrScan']) expect(assetOwned).toContain(name);
  });

  it('registers every model that carries assetId through AssetOwnedDataModule (client, tracker scope and archived assets in one place)', () => {
    const owned = new Set(registrations('AssetOwnedDataModule').map(({ model }) => model));
    const elsewhere = [...registrations('TenantDataModule'), ...registrations('MongooseModule')].filter(({ model }) => assetOwned.has(model));
    const offenders = [
      ...[...assetOwned].filter((model) => tenant.has(model) && !owned.has(model)).map((model) => `${model}: not registered with AssetOwnedDataModule.forFeature`),
      ...elsewhere.map(({ path, model }) => `${path}: ${model} registered without its asset's scope`),
    ];
    expect(offenders).toEqual([]);
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
});
