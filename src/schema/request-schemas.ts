import { DATE_OR_DATE_TIME } from './formats';
import { inputSchema, type JsonSchema, objectSchema, outputSchema } from './field-schema';
import { boundSchema, INT4 } from './input-bounds';
import type { RouteSpec } from './routes';
import type { Catalog, ChildDef, FieldDef, FilterDef, ResourceDef, TransitionDef } from './types';
import { MAX_BATCH_ROWS } from './contracts/exports';
import { filterField } from './filters';

/** Fields a create may carry: everything not read-only (secrets included). */
export const createFields = (r: ResourceDef) =>
  Object.keys(r.fields).filter((n) => !r.fields[n]!.readOnly && r.fields[n]!['x-secret'] !== 'generated');

/** Fields an update may change: not read-only, not immutable, not secret. */
export const updateFields = (r: ResourceDef) =>
  Object.keys(r.fields).filter((n) => {
    const f = r.fields[n]!;
    return !f.readOnly && !f['x-immutable'] && !f['x-secret'];
  });

/** Fields answered to the client: never write-only ones (passwords). */
export const readableFields = (fields: Record<string, FieldDef>) =>
  Object.keys(fields).filter((n) => !fields[n]!.writeOnly);

function pick(catalog: Catalog, fields: Record<string, FieldDef>, names: string[]) {
  return Object.fromEntries(names.map((n) => [n, inputSchema(catalog, fields[n]!)]));
}

function childArray(catalog: Catalog, child: ChildDef): JsonSchema {
  const names = Object.keys(child.fields).filter((n) => !child.fields[n]!.readOnly);
  const item = objectSchema(
    pick(catalog, child.fields, names),
    child.required ?? [],
    child.fields,
    child.errorMessage?.required,
  );
  const s: JsonSchema = { type: 'array', title: child.title, items: item };
  const errorMessage: Record<string, string> = { type: `${child.title}必须是列表` };
  if (child.minItems) {
    s.minItems = child.minItems;
    errorMessage.minItems = `请添加${child.title}`;
  }
  s.maxItems = child.maxItems ?? 500;
  errorMessage.maxItems = `${child.title}最多 ${s.maxItems} 行`;
  s.errorMessage = errorMessage;
  return s;
}

function writeBody(catalog: Catalog, r: ResourceDef, mode: 'create' | 'update', key?: RouteSpec['key']) {
  const names = mode === 'create' ? createFields(r) : updateFields(r);
  const properties = pick(catalog, r.fields, names);
  const required = mode === 'create' ? [...(r.required ?? [])] : [];
  for (const [name, child] of Object.entries(r.children ?? {})) {
    if (!Object.values(child.fields).some((f) => !f.readOnly)) continue;
    properties[name] = childArray(catalog, child);
    if (mode === 'create' && child.minItems) required.push(name);
  }
  const overrides = { ...(r.errorMessage?.required ?? {}) };
  for (const [name, child] of Object.entries(r.children ?? {})) overrides[name] ??= `请添加${child.title}`;
  if (key?.in === 'body') {
    properties[key.field] = inputSchema(catalog, r.fields[key.field]!, { allowNull: false });
    required.unshift(key.field);
  }
  return objectSchema(properties, required, r.fields, overrides);
}

export function filterTitle(r: ResourceDef, key: string, flt: FilterDef): string {
  return flt.title ?? filterField(r, key, flt)?.title ?? key;
}

function filterSchema(catalog: Catalog, r: ResourceDef, key: string, flt: FilterDef): JsonSchema {
  const title = filterTitle(r, key, flt);
  const field = filterField(r, key, flt);
  if (flt.via) {
    return { type: flt.via.type, title, errorMessage: { type: `${title}的取值不正确` } };
  }
  if (flt.op === 'belowField' || flt.op === 'differs')
    return { type: 'boolean', title, errorMessage: { type: `${title}的取值不正确` } };
  if (flt.op === 'contains') {
    return {
      type: 'string',
      maxLength: 100,
      title,
      errorMessage: { type: `${title}必须是文本`, maxLength: `${title}长度不能超过 100 个字符` },
    };
  }
  // has: one value of the array's items (e.g. one barcode).
  const item = flt.op === 'has' ? { ...(field!.items as FieldDef), title: field!.title } : field!;
  const one = inputSchema(catalog, { ...item, nullable: false, minLength: undefined }, { allowNull: false });
  if (flt.op === 'eq' || flt.op === 'has' || flt.op === 'under') return one;
  if (flt.op === 'in') {
    return {
      type: 'array',
      title,
      maxItems: 100,
      items: one,
      errorMessage: { type: `${title}的取值不正确`, maxItems: `${title}最多选择 100 项` },
    };
  }
  const bound =
    field!.type === 'integer'
      ? // Compared with an integer column, so within its range (input-bounds.ts).
        { type: ['number', 'null'], minimum: INT4.min, maximum: INT4.max }
      : field!.type === 'number'
        ? { type: ['number', 'null'] }
        : { type: ['string', 'null'], format: field!.format === 'date' ? 'date' : DATE_OR_DATE_TIME };
  return {
    type: 'array',
    title,
    maxItems: 2,
    items: { ...bound, errorMessage: `${title}${bound.format ? '的日期格式不正确' : '的取值不正确'}` },
    errorMessage: { type: `${title}的取值不正确`, maxItems: `${title}只能是起止两个值` },
  };
}

export function listQuerySchema(catalog: Catalog, r: ResourceDef, paged: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  if (paged) {
    const dflt = r.endpoints.list?.defaultPageSize ?? 20;
    properties.pageNo = {
      type: 'integer',
      minimum: 1,
      maximum: INT4.max,
      default: 1,
      errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数', maximum: '页码超出范围' },
    };
    properties.pageSize = {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: dflt,
      errorMessage: { type: '每页条数必须是整数', minimum: '每页条数必须是整数', maximum: '每页最多 500 条' },
    };
    const sortable = r.sortable ?? [];
    properties.sort = sortable.length
      ? {
          type: 'array',
          maxItems: 3,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['field', 'order'],
            properties: {
              field: { type: 'string', enum: sortable, errorMessage: '不支持按该字段排序' },
              order: {
                type: 'string',
                enum: ['ascend', 'descend'],
                errorMessage: '排序方式只能是 ascend 或 descend',
              },
            },
            errorMessage: {
              type: '排序参数格式错误',
              required: '排序参数格式错误',
              additionalProperties: '排序参数格式错误',
            },
          },
          errorMessage: { type: '排序参数格式错误', maxItems: '最多按 3 个字段排序' },
        }
      : { type: 'array', maxItems: 0, errorMessage: '该列表不支持排序' };
  }
  for (const [key, flt] of Object.entries(r.filters ?? {}))
    properties[key] = filterSchema(catalog, r, key, flt);
  // Bounds of filters not built from a field (via, contains, between): exports validate this too.
  return boundSchema(objectSchema(properties, [], r.fields));
}

function keySchema(catalog: Catalog, r: ResourceDef, field: string): JsonSchema {
  return inputSchema(catalog, { ...r.fields[field]!, nullable: false }, { allowNull: false });
}

/** Validates the inputs of one transition (required but the optional ones, with the fields' messages). */
export function transitionInputSchema(catalog: Catalog, r: ResourceDef, t: TransitionDef): JsonSchema {
  const inputs = t.input ?? [];
  const required = inputs.filter((n) => !(t.optional ?? []).includes(n));
  return objectSchema(pick(catalog, r.fields, inputs), required, r.fields, r.errorMessage?.required);
}

function allInputs(r: ResourceDef): string[] {
  return [...new Set((r.states?.transitions ?? []).flatMap((t) => t.input ?? []))];
}

export interface RouteSchemas {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response: Record<number, JsonSchema>;
}

const nullable = (s: JsonSchema): JsonSchema => ({ ...s, type: [s.type as string, 'null'] });

/** Every schema of a route: request parts (validated, Chinese messages) and the answer. */
export function routeSchemas(catalog: Catalog, r: ResourceDef, route: RouteSpec): RouteSchemas {
  const out: RouteSchemas = { response: { 200: envelope(responseData(catalog, r, route)) } };
  const key = route.key;
  const place = (part: 'params' | 'querystring' | 'body', name: string, s: JsonSchema) => {
    if (!out[part]) out[part] = { type: 'object', properties: {}, required: [], additionalProperties: false };
    const obj = out[part];
    (obj.properties as Record<string, JsonSchema>)[name] = s;
    (obj.required as string[]).push(name);
  };
  switch (route.kind) {
    case 'list':
    case 'all':
    case 'aggregate': {
      const s = listQuerySchema(catalog, r, route.kind === 'list');
      if (route.method === 'GET') out.querystring = s;
      // A POST without a body lists with the defaults, as {} would.
      else out.body = nullable(s);
      break;
    }
    case 'get':
    case 'delete':
      place(key!.in === 'params' ? 'params' : 'querystring', key!.field, keySchema(catalog, r, key!.field));
      if (key!.in === 'body')
        throw new Error(`${r.name}: ${route.kind} reads its key from the path or query`);
      break;
    case 'create':
      out.body = writeBody(catalog, r, 'create');
      break;
    case 'update':
      if (key!.in === 'params') place('params', key!.field, keySchema(catalog, r, key!.field));
      out.body = writeBody(catalog, r, 'update', key);
      break;
    case 'transition':
      out.body = transitionBody(catalog, r, route);
      if (key!.in === 'params') place('params', key!.field, keySchema(catalog, r, key!.field));
      if (r.endpoints.transition!.by !== 'target') place('params', 'action', actionSchema(r));
      break;
    case 'batchTransition': {
      place('params', 'action', actionSchema(r));
      // Past the endpoint's maxItems (default 500, a page) a batch runs as a job, up to MAX_BATCH_ROWS.
      const max = MAX_BATCH_ROWS;
      const ids = {
        type: 'array',
        minItems: 1,
        maxItems: max,
        uniqueItems: true,
        items: keySchema(catalog, r, r.primaryKey),
        errorMessage: {
          type: '请选择要操作的记录',
          minItems: '请选择要操作的记录',
          maxItems: `一次最多操作 ${max} 条记录`,
          uniqueItems: '记录重复',
        },
      };
      // `job`: run as a batch job whatever the count (each row's outcome kept, issue 23.4).
      const job = { type: 'boolean', errorMessage: '参数格式错误' };
      const props = { ids, job, ...pick(catalog, r.fields, allInputs(r)) };
      out.body = objectSchema(props, ['ids'], r.fields, { ids: '请选择要操作的记录' });
      break;
    }
    case 'relationGet':
      place('params', 'id', keySchema(catalog, r, r.primaryKey));
      break;
    case 'relationSet': {
      const rel = r.relations![route.relation!]!;
      place('params', 'id', keySchema(catalog, r, r.primaryKey));
      const max = rel.maxItems ?? 100;
      const ids = {
        type: 'array',
        maxItems: max,
        uniqueItems: true,
        items: { type: 'integer', errorMessage: `${rel.title}的取值不正确` },
        errorMessage: {
          type: `请选择${rel.title}`,
          maxItems: `最多选择${max}个${rel.title}`,
          uniqueItems: `${rel.title}重复`,
        },
      };
      out.body = objectSchema({ ids }, ['ids'], r.fields, { ids: `请选择${rel.title}` });
      break;
    }
  }
  return bounded(out);
}

function actionSchema(r: ResourceDef): JsonSchema {
  return {
    type: 'string',
    enum: (r.states?.transitions ?? []).map((t) => t.name),
    errorMessage: '不支持的操作',
  };
}

function transitionBody(catalog: Catalog, r: ResourceDef, route: RouteSpec): JsonSchema {
  if (r.endpoints.transition!.by === 'target') {
    const state = r.states!.field;
    const targets = [...new Set(r.states!.transitions.map((t) => t.to))];
    const f = r.fields[state]!;
    const props: Record<string, JsonSchema> = {
      ...pick(catalog, r.fields, allInputs(r)),
      [state]: { type: f.type, enum: targets, title: f.title, errorMessage: `请选择正确的${f.title}` },
    };
    const required = [state];
    if (route.key!.in === 'body') {
      props[route.key!.field] = keySchema(catalog, r, route.key!.field);
      required.unshift(route.key!.field);
    }
    return objectSchema(props, required, r.fields);
  }
  // Inputs differ per action: each is checked in the handler (transitionInputSchema); null = no body.
  const body = objectSchema(pick(catalog, r.fields, allInputs(r)), [], r.fields);
  // A transition making a secret may have it sent by SMS instead of shown (transition `secret.sms`).
  if (r.states?.transitions.some((t) => t.secret?.sms)) {
    (body.properties as Record<string, JsonSchema>).secretDelivery = {
      type: 'string',
      enum: ['show', 'sms'],
      errorMessage: '请选择正确的发送方式',
    };
  }
  return nullable(body);
}

/** The once-shown secret of a transition's answer (transition `secret`): the value, or where it was sent. */
const oneTimeSecretSchema: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    notice: { type: 'string' },
    value: { type: 'string' },
    sentTo: { type: 'string' },
  },
};

// ---- answers -------------------------------------------------------------------------------

function rowSchema(fields: Record<string, FieldDef>, children?: Record<string, ChildDef>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const n of readableFields(fields)) properties[n] = outputSchema(fields[n]!);
  for (const [name, child] of Object.entries(children ?? {})) {
    properties[name] = { type: 'array', items: rowSchema(child.fields) };
  }
  return { type: 'object', properties };
}

function responseData(catalog: Catalog, r: ResourceDef, route: RouteSpec): JsonSchema {
  const row = rowSchema(r.fields);
  const full = rowSchema(r.fields, r.children);
  switch (route.kind) {
    case 'list':
      return {
        type: ['object', 'null'],
        properties: {
          list: { type: 'array', items: row },
          total: { type: 'integer' },
          pageNo: { type: 'integer' },
          pageSize: { type: 'integer' },
          // false when total is an estimate (more rows match than a list counts: docs/decisions.md).
          totalExact: { type: 'boolean' },
        },
      };
    case 'all':
      return {
        type: ['object', 'null'],
        properties: { list: { type: 'array', items: row }, total: { type: 'integer' } },
      };
    case 'transition':
      if (r.states?.transitions.some((t) => t.secret)) {
        const properties = { ...(full.properties as object), oneTimeSecret: oneTimeSecretSchema };
        return { ...full, properties, type: ['object', 'null'] };
      }
      return { ...full, type: ['object', 'null'] };
    case 'get':
    case 'create':
    case 'update':
      return { ...full, type: ['object', 'null'] };
    case 'batchTransition':
      return {
        type: ['object', 'null'],
        properties: {
          count: { type: 'integer' },
          // Rows a `choose` found no candidate for (自动分配 with no picker of the zone): left as they were.
          skipped: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: ['integer', 'string'] },
                name: { type: 'string' },
                msg: { type: 'string' },
              },
            },
          },
          // A batch run as a job: the job to follow (the centres list it as kind batch).
          job: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              title: { type: 'string' },
              status: { type: 'integer' },
              statusName: { type: 'string' },
              createTime: { type: 'string', format: 'date-time' },
            },
          },
        },
      };
    case 'aggregate':
      return aggregateAnswer();
    case 'relationGet':
    case 'relationSet': {
      const target = catalog.resources.get(r.relations![route.relation!]!.target)!;
      return {
        type: ['object', 'null'],
        properties: {
          ids: { type: 'array', items: { type: 'integer' } },
          list: { type: 'array', items: rowSchema(target.fields) },
        },
      };
    }
    default:
      return { type: 'null' };
  }
}

/** Request parts with input bounds everywhere (the server bounds every route's parts again). */
function bounded(out: RouteSchemas): RouteSchemas {
  for (const part of ['params', 'querystring', 'body'] as const)
    if (out[part]) out[part] = boundSchema(out[part]);
  return out;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      result: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          code: { type: 'string' },
          msg: { type: 'string' },
          requestId: { type: 'string' },
        },
      },
      data,
    },
  };
}

/** An aggregate's answer: one row per group (server/resources/sql/aggregate.ts). */
function aggregateAnswer(): JsonSchema {
  const key = { type: ['string', 'number', 'boolean', 'null'] };
  return {
    type: ['object', 'null'],
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            key,
            label: { type: ['string', 'null'] },
            series: key,
            seriesLabel: { type: ['string', 'null'] },
            detail: key,
            detailLabel: { type: ['string', 'null'] },
            value: { type: 'number' },
            values: { type: 'object', additionalProperties: { type: 'number' } },
          },
        },
      },
    },
  };
}
