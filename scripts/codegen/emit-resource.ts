import { compile, type JSONSchema as JSONSchema4 } from 'json-schema-to-typescript';
import { createFields, readableFields, updateFields } from '../../src/schema/request-schemas';
import { filterField } from '../../src/schema/filters';
import { type RouteSpec, resourceRoutes } from '../../src/schema/routes';
import type { Catalog, FieldDef, ResourceDef } from '../../src/schema/types';
import { HEADER, lit, pascal } from './names';

const tsBase = (t: string) => (t === 'integer' ? 'number' : t);

/** A field as json-schema-to-typescript input: enums become the generated enum types, titles become JSDoc. */
function tsSchema(f: FieldDef, nullable = !!f.nullable): JSONSchema4 {
  const description = f.description ? `${f.title}: ${f.description}` : f.title;
  if (f['x-enum']) return { tsType: `${pascal(f['x-enum'])}${nullable ? ' | null' : ''}`, description };
  if (f.type === 'array') {
    const items = { type: tsBase(f.items?.type ?? 'string') } as JSONSchema4;
    return { type: nullable ? ['array', 'null'] : 'array', items, description };
  }
  const t = tsBase(f.type) as JSONSchema4['type'];
  return { type: nullable ? [t as string, 'null'] : t, description } as JSONSchema4;
}

async function iface(
  name: string,
  properties: Record<string, JSONSchema4>,
  required: string[],
): Promise<string> {
  const schema: JSONSchema4 = { type: 'object', additionalProperties: false, properties, required };
  return compile(schema, name, {
    bannerComment: '',
    format: false,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unknownAny: true,
  });
}

const props = (fields: Record<string, FieldDef>, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, tsSchema(fields[n]!)]));

function filterSchemas(r: ResourceDef): Record<string, JSONSchema4> {
  const out: Record<string, JSONSchema4> = {};
  for (const [key, flt] of Object.entries(r.filters ?? {})) {
    if (flt.op === 'differs') {
      out[key] = { type: 'boolean', description: flt.title };
      continue;
    }
    const f = filterField(r, key, flt)!;
    const description = flt.title ?? f.title;
    if (flt.via) out[key] = { type: tsBase(flt.via.type) as 'string', description };
    else if (flt.op === 'contains') out[key] = { type: 'string', description };
    else if (flt.op === 'eq' || flt.op === 'under') out[key] = tsSchema(f, false);
    else if (flt.op === 'has')
      out[key] = { type: tsBase(f.items?.type ?? 'string') as 'string', description };
    else if (flt.op === 'in') {
      out[key] = f['x-enum']
        ? { tsType: `${pascal(f['x-enum'])}[]`, description }
        : { type: 'array', items: { type: tsBase(f.type) as 'string' }, description };
    } else {
      const bound = f.type === 'number' || f.type === 'integer' ? 'number' : 'string';
      out[key] = { tsType: `[${bound} | null, ${bound} | null]`, description: `${description}（起止）` };
    }
  }
  return out;
}

/** `/a/:id/:action` → a template literal with encoded parameters. */
function urlOf(route: RouteSpec, vars: Record<string, string>): string {
  if (!route.path.includes(':')) return lit(route.path);
  return `\`${route.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_m, p: string) => `\${seg(${vars[p] ?? p})}`)}\``;
}

function clientMethods(
  catalog: Catalog,
  r: ResourceDef,
  T: string,
): { code: string[]; imports: Set<string> } {
  const code: string[] = [];
  const imports = new Set<string>();
  const ranges = Object.entries(r.filters ?? {})
    .filter(([, f]) => f.op === 'between')
    .map(([k]) => lit(k));
  const rangeList = `[${ranges.join(', ')}]`;
  const keyType = (field: string) => (r.fields[field]?.type === 'string' ? 'string' : 'number');
  const call = (m: string) => `api.${m.toLowerCase()}`;
  const relations: string[] = [];
  for (const route of resourceRoutes(r)) {
    const key = route.key?.field ?? r.primaryKey;
    const kt = keyType(key);
    const url = urlOf(route, { [key]: 'key', action: 'action', id: 'key' });
    const keyQuery = route.key?.in === 'querystring' ? `, { ${key}: key }` : '';
    const keyBody = (body: string) => (route.key?.in === 'body' ? `{ ...${body}, ${key}: key }` : body);
    switch (route.kind) {
      case 'list': {
        // A view (SPEC 7.6 scenario list) is list<View>: the same rows and parameters, its own path.
        const name = route.view ? `list${route.view[0]!.toUpperCase()}${route.view.slice(1)}` : 'list';
        code.push(`  /** ${route.method} ${route.path} */`);
        code.push(
          route.method === 'GET'
            ? `  ${name}: (params: ${T}ListParams = {}) => api.get<PageResult<${T}Row>>(${url}, listQuery(params, ${rangeList})),`
            : `  ${name}: (params: ${T}ListParams = {}) => api.post<PageResult<${T}Row>>(${url}, compact(params)),`,
        );
        break;
      }
      case 'aggregate': {
        // aggregate<Name>: the figures of one aggregate over the list's filters (charts).
        const name = `aggregate${route.aggregate![0]!.toUpperCase()}${route.aggregate!.slice(1)}`;
        code.push(`  /** ${route.method} ${route.path}: ${r.aggregates![route.aggregate!]!.title} */`);
        code.push(
          `  ${name}: (params: ${T}Filters = {}) => api.post<AggregateResult>(${url}, compact(params)),`,
        );
        break;
      }
      case 'all':
        code.push(`  /** ${route.method} ${route.path} */`);
        code.push(
          route.method === 'GET'
            ? `  all: (params: ${T}Filters = {}) => api.get<AllResult<${T}Row>>(${url}, listQuery(params, ${rangeList})),`
            : `  all: (params: ${T}Filters = {}) => api.post<AllResult<${T}Row>>(${url}, compact(params)),`,
        );
        break;
      case 'get':
        code.push(`  /** ${route.method} ${route.path} */`);
        code.push(`  get: (key: ${kt}) => api.get<${T}Detail>(${url}${keyQuery}),`);
        break;
      case 'create':
        code.push(`  /** ${route.method} ${route.path} */`);
        code.push(
          `  create: (input: ${T}CreateInput, options?: WriteOptions) => ${call(route.method)}<${T}Detail>(${url}, input, options),`,
        );
        break;
      case 'update':
        code.push(`  /** ${route.method} ${route.path} */`);
        code.push(
          `  update: (key: ${kt}, input: ${T}UpdateInput, options?: WriteOptions) => ${call(route.method)}<${T}Detail>(${url}, ${keyBody('input')}, options),`,
        );
        break;
      case 'delete':
        code.push(`  /** ${route.method} ${route.path} */`);
        code.push(
          `  remove: (key: ${kt}, options?: WriteOptions) => api.delete<null>(${url}${keyQuery || ', undefined'}, options),`,
        );
        break;
      case 'transition':
        code.push(`  /** ${route.method} ${route.path} */`);
        if (r.endpoints.transition?.by === 'target') {
          const state = r.states!.field;
          const st = r.fields[state]!['x-enum'] ? pascal(r.fields[state]!['x-enum']!) : 'number';
          code.push(
            `  transition: (key: ${kt}, target: ${st}, options?: WriteOptions) => ${call(route.method)}<${T}Row>(${url}, ${keyBody(`{ ${state}: target }`)}, options),`,
          );
        } else {
          code.push(
            `  transition: <A extends ${T}Transition>(action: A, key: ${kt}, input?: ${T}TransitionInput[A], options?: WriteOptions) => ${call(route.method)}<${T}Row>(${url}, ${keyBody('{ ...input }')}, options),`,
          );
        }
        break;
      case 'batchTransition':
        code.push(`  /** ${route.method} ${route.path}: all or nothing */`);
        code.push(
          `  batchTransition: <A extends ${T}Transition>(action: A, ids: ${keyType(r.primaryKey)}[], input?: ${T}TransitionInput[A], options?: WriteOptions) => ${call(route.method)}<BatchResult>(${url}, { ...input, ids }, options),`,
        );
        break;
      case 'relationGet':
      case 'relationSet': {
        const rel = r.relations![route.relation!]!;
        const target = catalog.resources.get(rel.target)!;
        const RT = `${pascal(target.name)}Row`;
        if (target.name !== r.name) imports.add(`import type { ${RT} } from './${target.name}';`);
        const line =
          route.kind === 'relationGet'
            ? `    get: (key: number) => api.get<RelationResult<${RT}>>(${urlOf(route, { id: 'key' })}),`
            : `    set: (key: number, ids: number[], options?: WriteOptions) => ${call(route.method)}<RelationResult<${RT}>>(${urlOf(route, { id: 'key' })}, { ids }, options),`;
        relations.push(`    /** ${route.method} ${route.path} */`, line);
        if (route.kind === 'relationSet') {
          code.push(`  /** ${rel.title} */`, `  ${route.relation}: {`, ...relations, '  },');
          relations.length = 0;
        }
        break;
      }
    }
  }
  return { code, imports };
}

/** Types (json-schema-to-typescript) and a typed API client for one resource. */
export async function emitResource(catalog: Catalog, r: ResourceDef): Promise<string> {
  const T = pascal(r.name);
  const parts: string[] = [];
  parts.push(await iface(`${T}Row`, props(r.fields, readableFields(r.fields)), readableFields(r.fields)));
  const childTypes: string[] = [];
  const childInputs: Record<string, JSONSchema4> = {};
  for (const [name, child] of Object.entries(r.children ?? {})) {
    const C = `${T}${pascal(name.replace(/List$/, ''))}`;
    const readable = readableFields(child.fields);
    parts.push(await iface(`${C}Row`, props(child.fields, readable), readable));
    childTypes.push(`${name}: ${C}Row[]`);
    const writable = Object.keys(child.fields).filter((n) => !child.fields[n]!.readOnly);
    if (writable.length) {
      parts.push(await iface(`${C}Input`, props(child.fields, writable), child.required ?? []));
      childInputs[name] = { tsType: `${C}Input[]`, description: child.title };
    }
  }
  parts.push(
    childTypes.length
      ? `/** ${r.title}, with its lines. */\nexport type ${T}Detail = ${T}Row & { ${childTypes.join('; ')} };\n`
      : `export type ${T}Detail = ${T}Row;\n`,
  );
  if (r.endpoints.create) {
    const required = [
      ...(r.required ?? []),
      ...Object.keys(childInputs).filter((n) => (r.children![n]!.minItems ?? 0) > 0),
    ];
    parts.push(
      await iface(`${T}CreateInput`, { ...props(r.fields, createFields(r)), ...childInputs }, required),
    );
  }
  if (r.endpoints.update)
    parts.push(await iface(`${T}UpdateInput`, { ...props(r.fields, updateFields(r)), ...childInputs }, []));
  parts.push(await iface(`${T}Filters`, filterSchemas(r), []));
  const sortable = r.sortable ?? [];
  parts.push(`export type ${T}SortField = ${sortable.length ? sortable.map(lit).join(' | ') : 'never'};\n`);
  parts.push(`export type ${T}ListParams = ListParams<${T}SortField> & ${T}Filters;\n`);
  const transitions = r.states?.transitions ?? [];
  if (transitions.length) {
    parts.push(`export type ${T}Transition = ${transitions.map((t) => lit(t.name)).join(' | ')};\n`);
    const inputs = Object.fromEntries(
      transitions.map((t) => [
        t.name,
        {
          type: 'object',
          additionalProperties: false,
          properties: props(r.fields, t.input ?? []),
          required: t.input ?? [],
          description: t.title,
        } as JSONSchema4,
      ]),
    );
    parts.push(
      await iface(
        `${T}TransitionInput`,
        inputs,
        transitions.map((t) => t.name),
      ),
    );
  }
  const { code, imports } = clientMethods(catalog, r, T);
  const enumTypes = new Set<string>();
  const collect = (fields: Record<string, FieldDef>) => {
    for (const f of Object.values(fields)) if (f['x-enum']) enumTypes.add(pascal(f['x-enum']));
  };
  collect(r.fields);
  for (const c of Object.values(r.children ?? {})) collect(c.fields);
  const client = [
    `/** ${r.title}: one function per endpoint of schemas/resources/${r.name}.json. */`,
    `export const ${r.name}Api = {`,
    ...code,
    '};',
    '',
  ];
  const body = [...parts, ...client].join('\n');
  // Import only what the body uses, so the generated file has no unused names.
  const used = (names: string[]) => names.filter((n) => new RegExp(`\\b${n}\\b`).test(body));
  const helpers = used(['compact', 'listQuery', 'seg']);
  const types = used([
    'AggregateResult',
    'AllResult',
    'BatchResult',
    'ListParams',
    'PageResult',
    'RelationResult',
  ]);
  const writes = used(['WriteOptions']).length > 0;
  const head = [
    HEADER(`schemas/resources/${r.name}.json`),
    writes
      ? "import { api, type RequestOptions } from '@/runtime/request';"
      : "import { api } from '@/runtime/request';",
    enumTypes.size ? `import type { ${[...enumTypes].sort().join(', ')} } from '../enums';` : '',
    helpers.length ? `import { ${helpers.join(', ')} } from '../list';` : '',
    types.length ? `import type { ${types.join(', ')} } from '../types';` : '',
    ...[...imports].sort(),
    // A write's submission key (request layer `idempotencyKey`, one per opened form or clicked action).
    writes
      ? "\n/** Options of a write: its idempotency key, and `silent`. */\ntype WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'silent'>;"
      : '',
    '',
  ].filter((line, i, all) => line !== '' || i === all.length - 1);
  return [...head, body].join('\n');
}
