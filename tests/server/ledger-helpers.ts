import { sql } from 'kysely';
import { expect } from 'vitest';
import type { AnyDb } from '../../server/resources/sql/db';

/**
 * Issue 16.1's invariant, checked after every flow: each stock row equals the sum of its ledger (on
 * hand and locked), available is on hand minus locked, and nothing is negative (the demo warehouses do
 * not allow it). One copy for every stock test file.
 */
export async function expectLedgerAgrees(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ q: string; l: string; a: string; lq: string | null; ll: string | null }>`
    select s.quantity as q, s.locked_quantity as l, s.available_quantity as a,
      (select sum(quantity) from stock_ledger g where g.stock_id = s.id) as lq,
      (select sum(locked_quantity) from stock_ledger g where g.stock_id = s.id) as ll
    from stock s`.execute(db);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    expect(Number(r.q)).toBeCloseTo(Number(r.lq ?? 0), 3);
    expect(Number(r.l)).toBeCloseTo(Number(r.ll ?? 0), 3);
    expect(Number(r.a)).toBeCloseTo(Number(r.q) - Number(r.l), 3);
    expect(Number(r.q)).toBeGreaterThanOrEqual(0);
  }
}
