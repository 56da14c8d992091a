import fs from 'node:fs';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { HEADER } from './names';

/**
 * The meta-schemas and the type name of the file each describes. Every other named type comes from a
 * `title` on a definition or property of the meta-schema itself, so adding e.g. an action type to
 * page.schema.json reaches the lint, the codegen, the renderer and the server with no TypeScript edit.
 */
export const META_TYPES: [file: string, typeName: string][] = [
  ['page.schema.json', 'PageDef'],
  ['form.schema.json', 'FormDef'],
  ['resource.schema.json', 'ResourceDef'],
  ['enum.schema.json', 'EnumDef'],
  ['validators.schema.json', 'ValidatorsFile'],
  ['seed.schema.json', 'SeedDef'],
  ['menu.schema.json', 'AppMenuDef'],
  ['print.schema.json', 'PrintDef'],
  ['workflow.schema.json', 'WorkflowDef'],
  ['home.schema.json', 'HomeDef'],
];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A oneOf / anyOf that only says which keys must be present: validation, not shape. */
const presenceOnly = (v: unknown) =>
  Array.isArray(v) && v.every((b) => isNode(b) && Object.keys(b).every((k) => k === 'required'));

/**
 * The meta-schema as type input. Definitions without a `title` are inlined, so the only named types
 * are the titled ones (an untitled `identifier` in three files would otherwise clash); the file's own
 * `$schema` key (an editor hint the code never reads) and presence-only alternatives are left out.
 */
export function typeInput(schema: Node, typeName: string): Node {
  const defs = isNode(schema.definitions) ? schema.definitions : {};
  const titled = Object.fromEntries(Object.entries(defs).filter(([, d]) => isNode(d) && d.title));
  const walk = (v: unknown, seen: string[]): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, seen));
    if (!isNode(v)) return v;
    const ref = typeof v.$ref === 'string' ? /^#\/definitions\/([^/]+)$/.exec(v.$ref)?.[1] : undefined;
    if (ref && !(ref in titled)) {
      if (seen.includes(ref)) throw new Error(`untitled recursive definition ${ref}: give it a title`);
      const { $ref: _, ...rest } = v;
      return { ...(walk(defs[ref], [...seen, ref]) as Node), ...rest };
    }
    // Siblings of a $ref (a description) would make the resolver copy the target: a second, numbered type.
    if (ref) return { $ref: v.$ref };
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'oneOf' || k === 'anyOf') && presenceOnly(x)) continue;
      out[k] = walk(x, seen);
    }
    return out;
  };
  const { $schema: _s, $id: _i, definitions: _d, ...root } = schema;
  const props = isNode(root.properties) ? { ...root.properties } : {};
  delete props.$schema;
  const required = Array.isArray(root.required) ? root.required.filter((k) => k !== '$schema') : undefined;
  const shaped = walk({ ...root, properties: props, ...(required && { required }) }, []) as Node;
  const definitions = walk(titled, []) as Node;
  return { ...shaped, title: typeName, definitions };
}

/** src/generated/schema-files.ts: the TypeScript shapes of the files under schemas/, from schemas/meta. */
export async function emitSchemaTypes(metaDir: string): Promise<string> {
  const parts = [
    HEADER('schemas/meta/*.schema.json'),
    '/* The shapes of valid schema files (the lint and the server validate every file against its meta-schema). */\n',
  ];
  for (const [file, typeName] of META_TYPES) {
    const schema = JSON.parse(fs.readFileSync(path.join(metaDir, file), 'utf8')) as Node;
    parts.push(
      `// schemas/meta/${file}\n`,
      await compile(typeInput(schema, typeName) as JSONSchema, typeName, {
        bannerComment: '',
        format: false,
        // As JSON Schema reads it: an object without additionalProperties: false may carry more keys.
        additionalProperties: true,
        declareExternallyReferenced: true,
        ignoreMinAndMaxItems: true,
        unknownAny: true,
        cwd: metaDir,
      }),
    );
  }
  const code = parts.join('\n');
  // json-schema-to-typescript numbers a second schema object with the same title (Foo1): refuse it.
  const numbered = /export (?:type|interface) ([A-Za-z]+\d+)\b/.exec(code);
  if (numbered) throw new Error(`schemas/meta: two schemas titled like ${numbered[1]}; share one definition`);
  return code;
}
