import path from 'node:path';
import { SchemaError } from '../../src/schema/node/load';
import type { EnumDef } from '../../src/schema/types';
import { staticLint } from '../lint-schemas/lint';
import { emitEnums } from './emit-enums';
import { emitResource } from './emit-resource';
import { emitSchemaTypes } from './emit-schema-types';
import { emitListHelpers, emitTypes } from './emit-static';
import { formatTs } from './format';
import { lit } from './names';

/**
 * Everything under src/generated that compiled code imports, as file → content, from the schemas
 * alone: the schema files' types, enum unions with label maps, and a typed client per resource. No
 * barrel and no copy of the named validators (the renderer and the server read validators.json). Deterministic: files are
 * read in sorted order and every map is emitted in that order. Refuses schemas the lint refuses.
 */
export async function generate(schemasDir: string, root: string): Promise<Map<string, string>> {
  const ctx = staticLint(schemasDir);
  if (ctx.problems.length) throw new SchemaError(ctx.problems);
  const { catalog } = ctx;
  const out = new Map<string, string>();
  out.set('schema-files.ts', await emitSchemaTypes(path.join(schemasDir, 'meta')));
  out.set('types.ts', emitTypes());
  out.set('list.ts', emitListHelpers());
  const enums = [...catalog.enums.values()].sort((a: EnumDef, b: EnumDef) => a.name.localeCompare(b.name));
  out.set('enums.ts', emitEnums(enums));
  const resources = [...catalog.resources.keys()].sort();
  for (const name of resources)
    out.set(`resources/${name}.ts`, await emitResource(catalog, catalog.resources.get(name)!));
  const formatted = new Map<string, string>();
  for (const [file, code] of [...out.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    formatted.set(file, await formatTs(code, root));
  }
  formatted.set(
    'README.md',
    `# src/generated\n\nWritten by \`npx tsx scripts/codegen/index.ts\` from ${lit('schemas/')}; never edit by hand.\nThe check (\`--check\`) fails when a file here is stale. See docs/schemas.md.\n\n\`schema-files.ts\` holds the types of the schema files, from schemas/meta (a \`title\` there names a type).\n`,
  );
  return new Map([...formatted.entries()].map(([k, v]) => [path.posix.normalize(k), v]));
}
