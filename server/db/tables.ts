import { type Kysely, sql } from 'kysely';
import { diffTables, type LiveColumn, type LiveTable, type TableProblem } from '../../src/schema/tables/diff';
import { ownedTablePlans, type TablePlan } from '../../src/schema/tables/plan';
import type { Catalog } from '../../src/schema/types';

/**
 * Brings the tables of resources with `ownsTable` in line with their files (issue 12.4), at every
 * start after the hand-written migrations, on PGlite and PostgreSQL alike: the pure planner and diff
 * of src/schema/tables decide, this file reads the live catalog and applies. All changes of one
 * start run in one transaction and are recorded in schema_change_log; a refused change stops the
 * start with the file, the field and what to do (TableChangeRefused).
 */

export class TableChangeRefused extends Error {
  constructor(readonly problems: TableProblem[]) {
    super(
      `refused table changes:\n${problems.map((p) => `  schemas/${p.file}#${p.path}: ${p.message}`).join('\n')}`,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are named by the schema files
type AnyDb = Kysely<any>;

/** The planned tables of a catalog (resource files in name order, then dependency order). */
export function catalogTablePlans(catalog: Catalog): TablePlan[] {
  return ownedTablePlans(
    [...catalog.resources.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((resource) => ({ file: `resources/${resource.name}.json`, resource })),
  );
}

/** A row of information_schema.columns, as the CamelCasePlugin hands it back. */
interface ColumnRow {
  tableName: string;
  columnName: string;
  dataType: string;
  characterMaximumLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  isNullable: string;
  columnDefault: string | null;
}

const TYPE_NAMES: Record<string, string> = {
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time without time zone': 'time',
};

function normaliseType(row: ColumnRow): string {
  if (row.dataType === 'character varying')
    return row.characterMaximumLength ? `varchar(${row.characterMaximumLength})` : 'text';
  if (row.dataType === 'numeric' && row.numericPrecision !== null)
    return `numeric(${row.numericPrecision},${row.numericScale ?? 0})`;
  return TYPE_NAMES[row.dataType] ?? row.dataType;
}

/** Columns, indexes and foreign keys of the named tables that exist (snake_case names). */
export async function liveTables(db: AnyDb, tables: string[]): Promise<Map<string, LiveTable>> {
  const live = new Map<string, LiveTable>();
  if (!tables.length) return live;
  // The CamelCasePlugin leaves raw SQL alone but renames the result's keys (table_name → tableName).
  const columns = await sql<ColumnRow>`
    select table_name, column_name, data_type, character_maximum_length, numeric_precision,
           numeric_scale, is_nullable, column_default
    from information_schema.columns
    where table_schema = current_schema() and table_name::text = any(${tables}::text[])
    order by table_name, ordinal_position`.execute(db);
  const table = (name: string) => {
    let t = live.get(name);
    if (!t) live.set(name, (t = { columns: new Map(), indexes: new Set(), foreignKeys: new Set() }));
    return t;
  };
  for (const row of columns.rows) {
    const column: LiveColumn = {
      name: row.columnName,
      type: normaliseType(row),
      notNull: row.isNullable === 'NO',
      default: row.columnDefault ?? undefined,
    };
    table(row.tableName).columns.set(row.columnName, column);
  }
  const indexes = await sql<{ tablename: string; indexname: string }>`
    select tablename, indexname from pg_indexes
    where schemaname = current_schema() and tablename::text = any(${tables}::text[])`.execute(db);
  for (const row of indexes.rows) live.get(row.tablename)?.indexes.add(row.indexname);
  const keys = await sql<{ tableName: string; constraintName: string }>`
    select cl.relname as table_name, co.conname as constraint_name
    from pg_constraint co join pg_class cl on cl.oid = co.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where co.contype = 'f' and n.nspname = current_schema() and cl.relname::text = any(${tables}::text[])`.execute(
    db,
  );
  for (const row of keys.rows) live.get(row.tableName)?.foreignKeys.add(row.constraintName);
  return live;
}

/** Plans and diffs without applying: what a start would do (the schema lint shows the refusals). */
export async function planTableChanges(db: AnyDb, catalog: Catalog) {
  const plans = catalogTablePlans(catalog);
  const live = await liveTables(
    db,
    plans.map((p) => p.table),
  );
  const diff = diffTables(plans, live);
  // A new required column refuses only tables that have rows: ask each such table once.
  const problems = [...diff.problems];
  for (const table of new Set((diff.ifRows ?? []).map((x) => x.table))) {
    const rows = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (rows.rows.length)
      problems.push(...diff.ifRows!.filter((x) => x.table === table).map((x) => x.problem));
  }
  return { statements: problems.length ? [] : diff.statements, problems };
}

/** Applies the derived table changes; returns the statements run (none on an ordinary start). */
export async function syncResourceTables(db: AnyDb, catalog: Catalog): Promise<string[]> {
  const plans = catalogTablePlans(catalog);
  if (!plans.length) return [];
  const { statements, problems } = await planTableChanges(db, catalog);
  if (problems.length) throw new TableChangeRefused(problems);
  if (!statements.length) return [];
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) {
      try {
        await sql.raw(statement).execute(trx);
      } catch (error) {
        throw new Error(
          `applying "${statement}" for the resource tables failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    await sql`insert into schema_change_log (tables, statements)
              values (${plans.map((p) => p.table)}, ${JSON.stringify(statements)}::jsonb)`.execute(trx);
  });
  return statements;
}
