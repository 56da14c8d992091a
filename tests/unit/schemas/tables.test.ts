import { describe, expect, it } from 'vitest';
import { casePlugin } from '../../../server/db/index';
import { catalogFrom } from '../../../src/schema/node/load';
import { readSchemaFiles } from '../../../src/schema/node/files';
import { generateRows, seedDay } from '../../../src/schema/seed/generate';
import { TEST_SEED_ANCHOR } from '../../fixtures/seed-anchor';
import { diffTables, widens } from '../../../src/schema/tables/diff';
import { ownedTablePlans, snakeCase, sqlType } from '../../../src/schema/tables/plan';
import {
  demoPurchaseNoteResource,
  demoSupplierResource,
  demoSupplierLevelEnum,
  demoSupplierSeed,
} from '../../fixtures/entity/supplier';
import { SCHEMAS } from './copy';
import type { EnumDef, ResourceDef, SeedDef } from '../../../src/generated/schema-files';

// Issue 12.4 / 12.6: the pure planner, diff and seed generator of the schema core.
describe('tables planned from resource files', () => {
  it('names columns exactly as the CamelCasePlugin does, for every field of every resource', () => {
    const kysely = (name: string) => casePlugin.alias(name);
    const catalog = catalogFrom(SCHEMAS, readSchemaFiles(SCHEMAS).files);
    const names = [...catalog.resources.values()].flatMap((r) => [
      ...Object.keys(r.fields),
      ...Object.values(r.children ?? {}).flatMap((c) => Object.keys(c.fields)),
    ]);
    expect(names.length).toBeGreaterThan(100);
    for (const n of [...names, 'userID', 'address2', 'aBC']) expect(snakeCase(n), n).toBe(kysely(n));
  });

  it('maps field types to column types (SPEC 9: money 2 decimals, quantity 3)', () => {
    expect(sqlType({ type: 'number', title: 'x', 'x-validator': 'money' })).toBe('numeric(16,2)');
    expect(sqlType({ type: 'number', title: 'x', 'x-validator': 'quantity' })).toBe('numeric(13,3)');
    expect(sqlType({ type: 'number', title: 'x', 'x-decimals': 1 })).toBe('numeric(15,1)');
    expect(sqlType({ type: 'string', title: 'x', maxLength: 20 })).toBe('varchar(20)');
    expect(sqlType({ type: 'string', title: 'x', format: 'date-time' })).toBe('timestamptz');
    expect(sqlType({ type: 'integer', title: 'x', maximum: 1e12 })).toBe('bigint');
    expect(sqlType({ type: 'array', title: 'x', items: { type: 'string' } })).toBe('jsonb');
  });

  it('orders referenced tables first and creates keys after the tables', () => {
    const plans = ownedTablePlans([
      {
        file: 'resources/demoPurchaseNote.json',
        resource: demoPurchaseNoteResource() as unknown as ResourceDef,
      },
      { file: 'resources/demoSupplier.json', resource: demoSupplierResource() as unknown as ResourceDef },
    ]);
    expect(plans.map((p) => p.table)).toEqual([
      'demo_supplier',
      'demo_purchase_note',
      'demo_purchase_note_item',
    ]);
    const { statements, problems } = diffTables(plans, new Map());
    expect(problems).toEqual([]);
    expect(statements.filter((s) => s.startsWith('create table')).length).toBe(3);
    expect(statements.at(-1)).toMatch(/add constraint .* foreign key/);
  });

  it('widens automatically and refuses what can lose data', () => {
    expect(widens('varchar(20)', 'varchar(40)')).toBe(true);
    expect(widens('varchar(20)', 'text')).toBe(true);
    expect(widens('integer', 'bigint')).toBe(true);
    expect(widens('numeric(16,2)', 'numeric(17,3)')).toBe(true);
    expect(widens('varchar(40)', 'varchar(20)')).toBe(false);
    expect(widens('numeric(16,2)', 'numeric(16,3)')).toBe(false); // fewer integer digits
    expect(widens('text', 'integer')).toBe(false);
    // A hand-written state column taken over by a resource that owns its table.
    expect(widens('smallint', 'integer')).toBe(true);
    expect(widens('integer', 'smallint')).toBe(false);
  });
});

describe('seed rows generated from a seed file', () => {
  const input = () => ({
    resource: demoSupplierResource() as unknown as ResourceDef,
    seed: demoSupplierSeed as unknown as SeedDef,
    enums: new Map([['demoSupplierLevel', demoSupplierLevelEnum as unknown as EnumDef]]),
    rowsOf: () => [],
    resourceOf: () => demoSupplierResource() as unknown as ResourceDef,
    anchor: '2026-11-20',
  });

  it('is deterministic, literal rows first, codes in sequence, values inside their rules', () => {
    const rows = generateRows(input());
    expect(rows).toEqual(generateRows(input()));
    expect(rows).toHaveLength(60);
    expect(rows[0]!.values.supplierCode).toBe('SUP0001');
    expect(rows.map((r) => r.values.supplierCode)).toEqual(
      rows.map((_, i) => `SUP${String(i + 1).padStart(4, '0')}`),
    );
    for (const { values } of rows.slice(1)) {
      expect([1, 2, 3]).toContain(values.level);
      expect(values.contactPhone === null || /^1\d{10}$/.test(String(values.contactPhone))).toBe(true);
      const limit = values.creditLimit as number;
      expect(limit).toBeGreaterThanOrEqual(0);
      expect(limit).toBeLessThanOrEqual(200000);
      expect(Math.round(limit * 100) / 100).toBe(limit);
      expect(Date.parse(String(values.createTime))).toBeGreaterThanOrEqual(
        Date.parse('2025-12-31T16:00:00Z'),
      );
    }
    // The weights favour the ordinary level.
    const ordinary = rows.filter((r) => r.values.level === 3).length;
    expect(ordinary).toBeGreaterThan(rows.filter((r) => r.values.level === 1).length);
  });
});

describe('relative seed days', () => {
  it('count from the anchor; literal days pass unchanged', () => {
    expect(seedDay('today', '2026-11-20')).toBe('2026-11-20');
    expect(seedDay('-90d', '2026-11-20')).toBe('2026-08-22');
    expect(seedDay('+30d', '2026-11-20')).toBe('2026-12-20');
    expect(seedDay('2026-03-01', '2026-11-20')).toBe('2026-03-01');
  });

  it('move generated dates with the anchor', () => {
    const seed = {
      ...(demoSupplierSeed as unknown as SeedDef),
      generate: { count: 40, fields: { createTime: { dateTime: ['-10d', 'today'] } } },
    } as unknown as SeedDef;
    const base = {
      resource: demoSupplierResource() as unknown as ResourceDef,
      seed: { ...seed, rows: [] } as SeedDef,
      enums: new Map(),
      rowsOf: () => [],
      resourceOf: () => demoSupplierResource() as unknown as ResourceDef,
    };
    for (const anchor of ['2026-11-20', '2027-05-01']) {
      const rows = generateRows({ ...base, anchor });
      for (const { values } of rows) {
        const t = Date.parse(String(values.createTime));
        expect(t).toBeGreaterThanOrEqual(Date.parse(`${seedDay('-10d', anchor)}T00:00:00+08:00`));
        expect(t).toBeLessThan(Date.parse(`${anchor}T00:00:00+08:00`) + 86_400_000);
      }
    }
  });
});

describe('the pinned seed day of tests', () => {
  it('is the one vitest passes to every project', () => {
    expect(process.env.SEED_ANCHOR).toBe(TEST_SEED_ANCHOR);
  });
});
