import { checkResources } from './check';
import { displayPath, readSchemaFiles, type SchemaProblem } from './files';
import { checkSeeds } from '../../src/schema/seed/check';
import type { Catalog, EnumDef, ResourceDef, SeedDef, ValidatorDef } from './types';

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`invalid schema files:\n${problems.map((p) => `  ${p.file}#${p.path}: ${p.message}`).join('\n')}`);
  }
}

/** Builds the catalog from already-read files (no checks). */
export function catalogFrom(dir: string, files: ReturnType<typeof readSchemaFiles>['files']): Catalog {
  const resources = new Map<string, ResourceDef>();
  const enums = new Map<string, EnumDef>();
  const seeds = new Map<string, SeedDef>();
  let validators: Record<string, ValidatorDef> = {};
  for (const f of files) {
    if (f.kind === 'resource') resources.set(String(f.data.name), f.data as unknown as ResourceDef);
    if (f.kind === 'enum') enums.set(String(f.data.name), f.data as unknown as EnumDef);
    if (f.kind === 'seed') seeds.set(String(f.data.name), f.data as unknown as SeedDef);
    if (f.kind === 'validators')
      validators = (f.data as { validators: Record<string, ValidatorDef> }).validators;
  }
  return { dir, resources, enums, validators, seeds };
}

/**
 * Loads resources, enums and validators for the server. Refuses to start on a file that breaks its
 * meta-schema or a resource whose references do not resolve: a broken schema must fail loudly at
 * start, never as a 500 on some later request. Pages and forms are checked by the schema lint.
 */
export function loadCatalog(dir: string): Catalog {
  const { files, problems } = readSchemaFiles(dir);
  const serverFiles = files.filter((f) => f.kind !== 'page' && f.kind !== 'form');
  const fatal = problems.filter(
    (p) => !/\/(pages|forms)\//.test(p.file) || p.file.endsWith('validators.json'),
  );
  const catalog = catalogFrom(dir, serverFiles);
  const seedProblems = checkSeeds(catalog.seeds, catalog.resources, catalog.enums).map((p) => ({
    ...p,
    file: displayPath(dir, p.file),
  }));
  const all = [...fatal, ...checkResources(catalog), ...seedProblems];
  if (all.length) throw new SchemaError(all);
  return catalog;
}
