import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import type { Engine } from './context';
import type { AnyDb } from './sql/db';
import { columnOf } from './sql/select';
import { conditionHolds } from '../../src/schema/effects';
import { resolveReference } from '../../src/schema/references';
import type { ResourceDef } from '../../src/schema/types';

/** Today in China time, YYYY-MM-DD (the `$today` stamp: an issue day). */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * `requires`: fields needed only in some cases (a cash coupon's face value, a fixed range's dates).
 * The values are the row as it will be stored (an update: the stored row with the request over it).
 */
export function checkRequires(r: ResourceDef, row: Record<string, unknown>): void {
  for (const q of r.requires ?? []) {
    if (!conditionHolds(q.when, row)) continue;
    const missing = q.fields.find((f) => blank(row[f]));
    if (missing) throw ApiError.badRequest(q.message ?? `请输入${r.fields[missing]?.title ?? missing}`);
  }
}

/**
 * `refuses`: a row that must not be stored as it stands (an invoice whose amount and tax do not make
 * its total), judged on the row as it will be stored, computed figures included; `and` adds conditions
 * that must all hold too.
 */
export function checkRefuses(
  r: ResourceDef,
  row: Record<string, unknown>,
  refuses: ResourceDef['refuses'] = r.refuses,
  fail: (message: string) => ApiError = (m) => ApiError.badRequest(m),
): void {
  for (const q of refuses ?? []) {
    const holds = (x: Record<string, unknown>) =>
      [q.when, ...(q.and ?? [])].every((c) => conditionHolds(c, x));
    if (!q.lines) {
      if (holds(row)) throw fail(q.message);
      continue;
    }
    // Judged on each line; the message names the first refused one ({field} from the line).
    const lines = Array.isArray(row[q.lines]) ? (row[q.lines] as Record<string, unknown>[]) : [];
    const bad = lines.find(holds);
    if (bad) throw fail(q.message.replace(/\{(\w+)\}/g, (_, f: string) => String(bad[f] ?? '')));
  }
}

/**
 * `quota`: a create may not make more than `limit` rows sharing the `count` fields, the limit read
 * from the referenced row (a coupon template's total quantity or per-member limit). That row is
 * locked first, so concurrent creates against it queue and each counts the others' rows.
 */
export async function checkQuota(
  db: AnyDb,
  engine: Engine,
  r: ResourceDef,
  values: Record<string, unknown>,
): Promise<void> {
  for (const q of r.quota ?? []) {
    const ref = r.fields[q.reference]?.['x-reference'];
    const target = ref && engine.catalog.resources.get(ref.resource);
    const key = values[q.reference];
    if (!ref || !target || blank(key)) continue;
    const valueField = resolveReference(ref, target).value;
    const owner = await db
      .selectFrom(`${target.table} as t`)
      .select(`t.${columnOf(target.fields, q.limit)} as limit`)
      .where(`t.${columnOf(target.fields, valueField)}`, '=', key)
      .forUpdate()
      .executeTakeFirst();
    const limit = (owner as { limit?: unknown } | undefined)?.limit;
    if (blank(limit)) continue;
    let count = db.selectFrom(`${r.table} as t`).select(sql<number>`count(*)::int`.as('n'));
    for (const f of q.count) {
      const v = values[f];
      count = blank(v)
        ? count.where(`t.${columnOf(r.fields, f)}`, 'is', null)
        : count.where(`t.${columnOf(r.fields, f)}`, '=', v);
    }
    const { n } = (await count.executeTakeFirstOrThrow()) as { n: number };
    if (n >= Number(limit)) throw ApiError.conflict(q.message.replace('{limit}', String(limit)));
  }
}
