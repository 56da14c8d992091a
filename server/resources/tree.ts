import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { resolveReference } from '../../src/schema/references';
import type { ResourceDef } from '../../src/schema/types';
import type { AnyDb } from './sql/db';
import { columnOf } from './sql/select';

/**
 * Resources whose rows form a tree (`tree` in the resource file, e.g. the commodity categories): the
 * parent field refers to a row of the same resource by its key (the x-reference's value field). The
 * server keeps every row's level and path name, so lists, pickers and filters never walk the tree.
 * Trees are small (hundreds of rows): a write recomputes the whole tree in one statement, which also
 * renames the paths below a renamed or moved row.
 */

const SEPARATOR = ' › ';

interface TreeColumns {
  key: string;
  parent: string;
  name: string;
  level: string;
  path: string;
}

function columns(r: ResourceDef): TreeColumns {
  const t = r.tree!;
  const ref = resolveReference(r.fields[t.parent]!['x-reference']!, r);
  return {
    key: columnOf(r.fields, ref.value),
    parent: columnOf(r.fields, t.parent),
    name: columnOf(r.fields, r.displayField ?? r.primaryKey),
    level: columnOf(r.fields, t.level),
    path: columnOf(r.fields, t.pathName),
  };
}

/** Whether `candidate` is the row keyed `key` or hangs below it. */
async function inSubtree(db: AnyDb, r: ResourceDef, key: unknown, candidate: unknown): Promise<boolean> {
  const c = columns(r);
  const table = sql.table(r.table);
  const found = await sql<{ hit: number }>`with recursive node(v) as (
      select ${sql.ref(c.key)} from ${table} where ${sql.ref(c.key)} = ${key}
      union all
      select ${sql.ref(`t.${c.key}`)} from ${table} t join node on ${sql.ref(`t.${c.parent}`)} = node.v
    ) select 1 as hit from node where v = ${candidate} limit 1`.execute(db);
  return found.rows.length > 0;
}

/**
 * Before an update: the new parent may not be the row itself or a row below it (that would cut the
 * branch off the tree).
 */
export async function checkTreeParent(
  db: AnyDb,
  r: ResourceDef,
  before: Record<string, unknown>,
  values: Record<string, unknown>,
): Promise<void> {
  const t = r.tree;
  if (!t || !(t.parent in values)) return;
  const parent = values[t.parent];
  if (parent === null || parent === undefined || parent === before[t.parent]) return;
  const keyField = resolveReference(r.fields[t.parent]!['x-reference']!, r).value;
  if (await inSubtree(db, r, before[keyField], parent)) {
    throw ApiError.badRequest(`上级${r.title}不能是它自己或它的下级`);
  }
}

/**
 * After a write (and after seeding): every row's level and path from the top, then the depth rule.
 * Throws 400 when a row would sit deeper than maxDepth; the caller's transaction rolls back.
 */
export async function refreshTree(db: AnyDb, r: ResourceDef): Promise<void> {
  const t = r.tree;
  if (!t) return;
  const c = columns(r);
  const table = sql.table(r.table);
  await sql`with recursive node(k, lvl, path) as (
      select ${sql.ref(c.key)}, 1, ${sql.ref(c.name)}::text from ${table} where ${sql.ref(c.parent)} is null
      union all
      select ${sql.ref(`t.${c.key}`)}, node.lvl + 1, node.path || ${SEPARATOR} || ${sql.ref(`t.${c.name}`)}
      from ${table} t join node on ${sql.ref(`t.${c.parent}`)} = node.k
      where node.lvl <= ${t.maxDepth}
    )
    update ${table} set ${sql.ref(c.level)} = node.lvl, ${sql.ref(c.path)} = node.path
    from node
    where ${sql.ref(`${r.table}.${c.key}`)} = node.k
      and (${sql.ref(`${r.table}.${c.level}`)} is distinct from node.lvl
        or ${sql.ref(`${r.table}.${c.path}`)} is distinct from node.path)`.execute(db);
  const deepest = await sql<{
    lvl: number | null;
  }>`select max(${sql.ref(c.level)}) as lvl from ${table}`.execute(db);
  if ((deepest.rows[0]?.lvl ?? 0) > t.maxDepth) {
    throw ApiError.badRequest(`${r.title}最多${t.maxDepth}级`);
  }
}

/** Before a delete: a row with rows below it stays (its children would lose their parent). */
export async function checkTreeDelete(
  db: AnyDb,
  r: ResourceDef,
  row: Record<string, unknown>,
): Promise<void> {
  const t = r.tree;
  if (!t) return;
  const c = columns(r);
  const keyField = resolveReference(r.fields[t.parent]!['x-reference']!, r).value;
  const child =
    await sql`select 1 from ${sql.table(r.table)} where ${sql.ref(c.parent)} = ${row[keyField]} limit 1`.execute(
      db,
    );
  if (child.rows.length) throw ApiError.conflict(`请先删除下级${r.title}`);
}
