import type { ChildDef, FieldDef, ListEndpointDef, ResourceDef } from '../../generated/schema-files';
import { warehouseScopeOf } from '../scope';

/**
 * The table a resource with `ownsTable` gets, planned from its JSON alone (issue 12.4): pure data,
 * no I/O. server/db/tables.ts compares the plans with the live database and applies the difference;
 * the schema lint does the same on a throwaway database. Names are the snake_case of the camelCase
 * field names, as Kysely's CamelCasePlugin writes them, so the engine's queries find the columns.
 */

export interface ColumnPlan {
  /** Column name (snake_case). */
  name: string;
  /** Normalised SQL type: integer, bigint, numeric(p,s), varchar(n), text, boolean, date, timestamptz, time, jsonb. */
  type: string;
  notNull: boolean;
  /** SQL literal of the column default, if any. */
  default?: string;
  /** Identity primary key. */
  primaryKey?: boolean;
  /** JSON pointer of the field in its file, for messages. */
  at: string;
}

export interface IndexPlan {
  name: string;
  columns: string[];
  unique: boolean;
  /** Per column, the order as the engine's ORDER BY writes it ('desc', 'desc nulls last'; '' = asc). */
  order?: string[];
}

/** The index's column list: `"create_time" desc nulls last, "id"`. */
export function indexColumnsSql(i: IndexPlan): string {
  return i.columns.map((c, k) => `"${c}"${i.order?.[k] ? ` ${i.order[k]}` : ''}`).join(', ');
}

export interface ForeignKeyPlan {
  name: string;
  column: string;
  table: string;
  references: string;
  onDelete: 'cascade' | 'restrict';
}

export interface TablePlan {
  table: string;
  /** The resource file, relative to schemas/ (e.g. resources/supplier.json). */
  file: string;
  columns: ColumnPlan[];
  indexes: IndexPlan[];
  foreignKeys: ForeignKeyPlan[];
}

/** camelCase → snake_case exactly as Kysely's CamelCasePlugin maps identifiers of `^[a-z][A-Za-z0-9]*$`. */
export function snakeCase(name: string): string {
  let out = name[0]!.toLowerCase();
  for (let i = 1; i < name.length; i++) {
    const c = name[i]!;
    const upper = c !== c.toLowerCase();
    const prevUpper = name[i - 1]! !== name[i - 1]!.toLowerCase();
    out += upper && !prevUpper ? `_${c.toLowerCase()}` : c.toLowerCase();
  }
  return out;
}

/**
 * Whether a field is stored in a column of its own table: lookups and counts are read from other
 * tables, depreciation is computed when read (it moves with the calendar); computed products, sums and line counts are stored (recomputed on every write).
 */
export function isColumn(field: FieldDef): boolean {
  const c = field['x-computed'];
  // Figures computed when read (count, depreciation, sumOf) have no column.
  return !field['x-lookup'] && !c?.count && !c?.depreciation && !c?.sumOf;
}

/** Decimals by named validator (SPEC 9: money 2, quantity 3). */
const VALIDATOR_DECIMALS: Record<string, number> = { money: 2, decimal8x2: 2, quantity: 3 };
/** Integer digits by named validator; else 14. */
const VALIDATOR_DIGITS: Record<string, number> = { decimal8x2: 8, quantity: 10 };
const INT_MAX = 2147483647;

/** Decimals a number field keeps (its column's scale): money 2, quantity 3, else 4 unless declared. */
export function decimalsOf(field: FieldDef): number {
  const validator = typeof field['x-validator'] === 'string' ? field['x-validator'] : '';
  return field['x-decimals'] ?? VALIDATOR_DECIMALS[validator] ?? 4;
}

/** The column type a field asks for. */
export function sqlType(field: FieldDef): string {
  switch (field.type) {
    case 'integer': {
      const big = [field.maximum, field.exclusiveMaximum, field.minimum].some(
        (n) => n !== undefined && Math.abs(n) > INT_MAX,
      );
      return big ? 'bigint' : 'integer';
    }
    case 'number': {
      const validator = typeof field['x-validator'] === 'string' ? field['x-validator'] : '';
      const scale = decimalsOf(field);
      const digits = VALIDATOR_DIGITS[validator] ?? 14;
      return `numeric(${digits + scale},${scale})`;
    }
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'jsonb';
    default:
      if (field.format === 'date') return 'date';
      if (field.format === 'date-time') return 'timestamptz';
      if (field.format === 'time') return 'time';
      return field.maxLength ? `varchar(${field.maxLength})` : 'text';
  }
}

/** A JSON default as an SQL literal (strings quoted with '' doubled). */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
}

const pointer = (...parts: string[]) =>
  `/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

interface TableInput {
  table: string;
  primaryKey: string;
  fields: Record<string, FieldDef>;
  required: string[];
  at: string[];
}

function columnsOf(input: TableInput, extra: ColumnPlan[]): ColumnPlan[] {
  const required = new Set(input.required);
  const columns = new Map<string, ColumnPlan>();
  for (const c of extra) columns.set(c.name, c);
  for (const [name, field] of Object.entries(input.fields)) {
    if (!isColumn(field)) continue; // read from another table or computed when read
    const column = snakeCase(field['x-column'] ?? name);
    if (columns.has(column)) continue;
    const at = pointer(...input.at, 'fields', name);
    if (name === input.primaryKey) {
      columns.set(column, { name: column, type: sqlType(field), notNull: true, primaryKey: true, at });
      continue;
    }
    const fallback = sqlLiteral(field.default);
    columns.set(column, {
      name: column,
      type: sqlType(field),
      notNull: !field.nullable && (required.has(name) || fallback !== undefined),
      ...(fallback !== undefined ? { default: fallback } : {}),
      at,
    });
  }
  return [...columns.values()];
}

export function indexName(table: string, columns: string[], unique: boolean): string {
  // PostgreSQL keeps 63 bytes of a name: long ones are shortened with a stable hash.
  const name = `${table}_${columns.join('_')}_${unique ? 'key' : 'idx'}`;
  if (name.length <= 63) return name;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${h.toString(36).slice(0, 8)}`;
}

/**
 * The index of a list's default order, exactly as server/resources/sql/list.ts writes the ORDER BY
 * (each field, then the primary key ascending; DESC NULLS LAST unless the column is NOT NULL): the
 * first page of a large table is then read off the index, and a deep page walks it, with no sort of
 * every row (issue 21.2). A default order by the primary key has its index already, and one by a
 * single field ascending is served by that field's own index (the same order; ties by the key are
 * sorted among equal values only).
 */
function defaultSortIndex(
  resource: ResourceDef,
  columnOf: (field: string) => string | undefined,
  notNull: (column: string) => boolean,
): IndexPlan | undefined {
  const items = resource.defaultSort ?? [];
  const single = items.length === 1 ? items[0]! : undefined;
  if (!items.length || single?.field === resource.primaryKey || single?.order === 'ascend') return undefined;
  const columns: string[] = [];
  const order: string[] = [];
  for (const s of items) {
    const column = columnOf(s.field);
    // A looked-up or computed field has no column to index.
    if (!column) return undefined;
    columns.push(column);
    order.push(s.order === 'ascend' ? '' : notNull(column) ? 'desc' : 'desc nulls last');
  }
  const pk = columnOf(resource.primaryKey);
  if (pk && !columns.includes(pk)) {
    columns.push(pk);
    order.push('');
  }
  const words = columns.map((c, k) => (order[k] ? `${c}_${order[k]!.replace(/ /g, '_')}` : c));
  return { name: indexName(resource.table, ['sort', ...words], false), columns, unique: false, order };
}

/**
 * Filter, sort, state and store-scope fields get an index, and so do the lookup sets of `indexes`;
 * x-unique fields and `unique` sets a unique one.
 */
function indexesOf(
  resource: ResourceDef,
  columnOf: (field: string) => string | undefined,
  notNull: (column: string) => boolean,
): IndexPlan[] {
  const out = new Map<string, IndexPlan>();
  const add = (field: string | undefined, unique = false) => {
    const column = field && columnOf(field);
    if (!column) return;
    const name = indexName(resource.table, [column], unique);
    out.set(name, { name, columns: [column], unique });
  };
  for (const [name, field] of Object.entries(resource.fields)) if (field['x-unique']) add(name, true);
  for (const u of resource.unique ?? []) {
    const columns = u.fields.map((f) => columnOf(f)).filter((c): c is string => !!c);
    const name = indexName(resource.table, columns, true);
    out.set(name, { name, columns, unique: true });
  }
  for (const i of resource.indexes ?? []) {
    const columns = i.fields.map((f) => columnOf(f)).filter((c): c is string => !!c);
    const name = indexName(resource.table, columns, false);
    out.set(name, { name, columns, unique: false });
  }
  for (const [key, filter] of Object.entries(resource.filters ?? {})) {
    // A substring search and array containment cannot use a b-tree index.
    // differs compares pairs of fields: no single column to index.
    // A line filter compares the child's column (the line table's own indexes serve it).
    if (
      filter.op !== 'contains' &&
      filter.op !== 'has' &&
      filter.op !== 'differs' &&
      !filter.via &&
      !filter.lines
    )
      add(filter.field ?? key);
  }
  for (const field of resource.sortable ?? []) if (field !== resource.primaryKey) add(field);
  add(resource.states?.field);
  const list = resource.endpoints.list as ListEndpointDef | undefined;
  add(list?.storeScope);
  for (const f of warehouseScopeOf(resource)) add(f);
  for (const view of Object.keys(resource.views ?? {}))
    for (const f of warehouseScopeOf(resource, view)) if (f !== resource.primaryKey) add(f);
  // The unique index already serves lookups on its column.
  for (const plan of [...out.values()]) {
    if (!plan.unique && out.has(indexName(resource.table, plan.columns, true))) out.delete(plan.name);
  }
  const sorted = defaultSortIndex(resource, columnOf, notNull);
  if (sorted) out.set(sorted.name, sorted);
  return [...out.values()];
}

/** The plans of one resource: its table and one per child line table. */
export function tablePlans(
  resource: ResourceDef,
  file: string,
  owned: Map<string, ResourceDef>,
): TablePlan[] {
  const fieldColumn = (fields: Record<string, FieldDef>) => (name: string) => {
    const f = fields[name];
    return f && isColumn(f) ? snakeCase(f['x-column'] ?? name) : undefined;
  };
  const columns = columnsOf(
    {
      table: resource.table,
      primaryKey: resource.primaryKey,
      fields: resource.fields,
      required: resource.required ?? [],
      at: [],
    },
    [],
  );
  const notNull = (name: string) => !!columns.find((c) => c.name === name)?.notNull;
  const header: TablePlan = {
    table: resource.table,
    file,
    columns,
    indexes: indexesOf(resource, fieldColumn(resource.fields), notNull),
    foreignKeys: referenceKeys(resource.table, resource.fields, owned),
  };
  const children = Object.entries(resource.children ?? {}).map(([key, child]) =>
    childPlan(resource, key, child, file, owned),
  );
  return [header, ...children];
}

function childPlan(
  parent: ResourceDef,
  key: string,
  child: ChildDef,
  file: string,
  owned: Map<string, ResourceDef>,
): TablePlan {
  const at = ['children', key];
  const parentKey = parent.fields[parent.primaryKey]!;
  const fk = snakeCase(child.foreignKey);
  const extra: ColumnPlan[] = [
    {
      name: snakeCase(child.primaryKey),
      type: 'integer',
      notNull: true,
      primaryKey: true,
      at: pointer(...at, 'primaryKey'),
    },
    { name: fk, type: sqlType(parentKey), notNull: true, at: pointer(...at, 'foreignKey') },
  ];
  if (child.lineNumber) {
    extra.push({
      name: snakeCase(child.lineNumber),
      type: 'integer',
      notNull: true,
      at: pointer(...at, 'lineNumber'),
    });
  }
  const columns = columnsOf(
    {
      table: child.table,
      primaryKey: child.primaryKey,
      fields: child.fields,
      required: child.required ?? [],
      at,
    },
    extra,
  );
  return {
    table: child.table,
    file,
    columns,
    indexes: [{ name: indexName(child.table, [fk], false), columns: [fk], unique: false }],
    foreignKeys: [
      {
        name: `${child.table}_${fk}_fkey`.slice(0, 63),
        column: fk,
        table: child.table,
        references: `${parent.table}(${snakeCase(parent.primaryKey)})`,
        onDelete: 'cascade',
      },
      ...referenceKeys(child.table, child.fields, owned),
    ],
  };
}

/**
 * x-ref to a table the engine owns, on its primary key or a unique field, becomes a foreign key.
 * Other references (hand-made tables, non-unique columns) stay checked by the server only.
 */
function referenceKeys(
  table: string,
  fields: Record<string, FieldDef>,
  owned: Map<string, ResourceDef>,
): ForeignKeyPlan[] {
  const out: ForeignKeyPlan[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (!isColumn(field)) continue;
    const reference = field['x-reference'];
    const referenced = reference ? owned.get(reference.resource) : undefined;
    const ref =
      field['x-ref'] ??
      (referenced
        ? { table: referenced.table, column: reference!.value ?? referenced.primaryKey }
        : undefined);
    if (!ref) continue;
    const target = [...owned.values()].find((r) => r.table === ref.table);
    const targetField = target?.fields[ref.column];
    if (!target || !targetField) continue;
    if (ref.column !== target.primaryKey && !targetField['x-unique']) continue;
    const column = snakeCase(field['x-column'] ?? name);
    out.push({
      name: `${table}_${column}_fkey`.slice(0, 63),
      column,
      table,
      references: `${target.table}(${snakeCase(targetField['x-column'] ?? ref.column)})`,
      onDelete: 'restrict',
    });
  }
  return out;
}

/** Every table plan of the resources that own their tables, in dependency order (referenced first). */
export function ownedTablePlans(resources: { file: string; resource: ResourceDef }[]): TablePlan[] {
  const owned = new Map(
    resources.filter((r) => r.resource.ownsTable).map((r) => [r.resource.name, r.resource]),
  );
  const plans = resources
    .filter((r) => r.resource.ownsTable)
    .flatMap((r) => tablePlans(r.resource, r.file, owned));
  const byTable = new Map(plans.map((p) => [p.table, p]));
  const ordered: TablePlan[] = [];
  const seen = new Set<string>();
  const visit = (plan: TablePlan, path: string[]) => {
    if (seen.has(plan.table)) return;
    seen.add(plan.table);
    for (const fk of plan.foreignKeys) {
      const target = byTable.get(fk.references.slice(0, fk.references.indexOf('(')));
      if (target && target !== plan && !path.includes(target.table)) visit(target, [...path, plan.table]);
    }
    ordered.push(plan);
  };
  for (const plan of plans) visit(plan, []);
  return ordered;
}
