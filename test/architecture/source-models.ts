/**
 * What the architecture test reads in the sources: the schema classes and the fields they carry
 * (inherited ones included), and the models each kind of registration call names. Pure functions
 * of the files' text, so the test can also run them on sources made up to break a rule.
 */
export type Sources = ReadonlyMap<string, string>;

interface ClassDeclaration {
  base?: string;
  body: string;
  isSchema: boolean;
}

function classDeclarations(sources: Sources): Map<string, ClassDeclaration> {
  const classes = new Map<string, ClassDeclaration>();
  for (const text of sources.values()) {
    for (const match of text.matchAll(/^export (?:abstract )?class (\w+)(?: extends (\w+))?[^{\n]*\{\n/gm)) {
      const start = match.index + match[0].length;
      const end = text.indexOf('\n}\n', start);
      // The decorators between the previous declaration and this one: `@Schema(` makes it a model.
      const before = text.slice(Math.max(text.lastIndexOf('\n}\n', match.index), 0), match.index);
      const declaration = { base: match[2], body: text.slice(start, end < 0 ? undefined : end), isSchema: /@Schema\(/.test(before) };
      // Two classes of one name: the schema is the one a registration means.
      if (!classes.get(match[1])?.isSchema) classes.set(match[1], declaration);
    }
  }
  return classes;
}

/** The schema classes (models) that carry `field`, declared in the class or in a class it extends. */
export function modelsWithField(sources: Sources, field: string): Set<string> {
  const classes = classDeclarations(sources);
  const declares = new RegExp(`^\\s+${field}[?!]?:`, 'm');
  const carries = (name: string | undefined, seen = new Set<string>()): boolean => {
    const declaration = name === undefined || seen.has(name) ? undefined : classes.get(name);
    if (!declaration) return false;
    seen.add(name!);
    return declares.test(declaration.body) || carries(declaration.base, seen);
  };
  return new Set([...classes].filter(([name, declaration]) => declaration.isSchema && carries(name)).map(([name]) => name));
}

/** The models named in each call of a kind (`X.forFeature([... { name: Model.name ...`), with their file. */
export function registrations(sources: Sources, call: string): Array<{ path: string; model: string }> {
  const found: Array<{ path: string; model: string }> = [];
  for (const [path, text] of sources) {
    for (const start of [...text.matchAll(new RegExp(`\\b${call}\\.forFeature\\(`, 'g'))].map((match) => match.index)) {
      // The call's argument, up to its closing bracket: `forFeature([ ... ])`.
      let depth = 0;
      let end = text.length;
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
 * The rule of asset-owned records: every tenant model that carries `assetId` is registered with
 * `AssetOwnedDataModule.forFeature`, and never with another registration. Answers the offenders.
 */
export function assetOwnedOffenders(sources: Sources): string[] {
  const tenant = modelsWithField(sources, 'clientId');
  const assetOwned = [...modelsWithField(sources, 'assetId')].filter((model) => tenant.has(model));
  const owned = new Set(registrations(sources, 'AssetOwnedDataModule').map(({ model }) => model));
  const elsewhere = [...registrations(sources, 'TenantDataModule'), ...registrations(sources, 'MongooseModule')].filter(({ model }) =>
    assetOwned.includes(model),
  );
  return [
    ...assetOwned.filter((model) => !owned.has(model)).map((model) => `${model}: not registered with AssetOwnedDataModule.forFeature`),
    ...elsewhere.map(({ path, model }) => `${path}: ${model} registered without its asset's scope`),
  ];
}
