import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySchemas } from '../../server/db/prepare';
import { liveTables, TableChangeRefused } from '../../server/db/tables';
import { createTestApp, type TestApp } from '../fixtures/app';
import {
  DEMO_NOTE_GET,
  DEMO_NOTE_LIST,
  DEMO_NOTE_URI,
  DEMO_SUPPLIER_ADD,
  DEMO_SUPPLIER_LIST,
  DEMO_SUPPLIER_URI,
  schemasWithDemoEntity,
  demoSupplierResource,
  demoSupplierSeed,
} from '../fixtures/entity/supplier';
import { userWith } from './resource-helpers';

// Issue 12.4 and 12.6: a new entity over a new table is JSON only. The resource files give the tables
// (columns, not-null, defaults, unique, filter and lookup indexes, foreign keys, line tables), the seed files
// give realistic demo rows, and the generic engine serves them: no migration, no TypeScript.
describe('a new entity over a new table, as JSON only', () => {
  let t: TestApp;
  let dir: string;
  let token: string;
  const withSchemas = async <T>(schemasDir: string, run: () => Promise<T>) => {
    process.env.SCHEMAS_DIR = schemasDir;
    try {
      return await run();
    } finally {
      delete process.env.SCHEMAS_DIR;
    }
  };

  beforeAll(async () => {
    dir = schemasWithDemoEntity();
    t = await withSchemas(dir, () => createTestApp());
    token = await userWith(t, 'e00031', [
      DEMO_SUPPLIER_URI,
      'demoSupplier:add',
      DEMO_NOTE_URI,
      'demoPurchaseNote:add',
    ]);
  });
  afterAll(() => t.close());

  it('creates the tables with their types, keys and indexes at start', async () => {
    const live = await liveTables(t.database.db, [
      'demo_supplier',
      'demo_purchase_note',
      'demo_purchase_note_item',
    ]);
    const supplier = live.get('demo_supplier')!;
    expect(Object.fromEntries([...supplier.columns].map(([n, c]) => [n, [c.type, c.notNull]]))).toEqual({
      id: ['integer', true],
      supplier_code: ['varchar(20)', true],
      supplier_name: ['varchar(100)', true],
      level: ['integer', true],
      contact_phone: ['varchar(11)', false],
      credit_limit: ['numeric(16,2)', true],
      enabled: ['boolean', true],
      create_time: ['timestamptz', false],
    });
    expect([...supplier.indexes].sort()).toEqual(
      [
        'demo_supplier_pkey',
        'demo_supplier_supplier_code_key',
        'demo_supplier_level_idx',
        'demo_supplier_supplier_name_idx',
        'demo_supplier_enabled_idx',
        'demo_supplier_credit_limit_idx',
        'demo_supplier_create_time_idx',
      ].sort(),
    );
    const note = live.get('demo_purchase_note')!;
    expect([...note.columns.keys()]).not.toContain('supplier_code'); // a lookup, not a column
    expect(note.columns.get('supplier_name')).toMatchObject({ type: 'varchar(100)', notNull: false });
    expect([...note.foreignKeys]).toEqual(['demo_purchase_note_supplier_id_fkey']);
    const item = live.get('demo_purchase_note_item')!;
    expect(item.columns.get('quantity')!.type).toBe('numeric(13,3)');
    expect(item.columns.get('note_id')!.notNull).toBe(true);
    expect([...item.foreignKeys].sort()).toEqual([
      'demo_purchase_note_item_commodity_id_fkey',
      'demo_purchase_note_item_note_id_fkey',
    ]);
  });

  it('seeds the declared rows, deterministic and in dependency order', async () => {
    const list = await t.json(token, 'POST', DEMO_SUPPLIER_LIST, { pageSize: 5 });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(60);
    expect(list.body.data.list[0]).toMatchObject({
      supplierCode: 'SUP0001',
      supplierName: '杭州绿源果业有限公司',
    });
    expect(list.body.data.list[1].supplierCode).toBe('SUP0002');
    expect(list.body.data.list[1].supplierName).toMatch(/有限公司$/);
    const notes = await t.json(token, 'POST', DEMO_NOTE_LIST, { pageSize: 50 });
    expect(notes.body.data.total).toBe(30);
    for (const n of notes.body.data.list) {
      expect(n.supplierName, 'every note refers to a seeded, enabled supplier').toBeTruthy();
      expect(n.noteCode).toMatch(new RegExp(`^PN${n.orderDate.replace(/-/g, '')}\\d{4}$`));
    }
    const detail = await t.json(
      token,
      'GET',
      DEMO_NOTE_GET.replace(':id', String(notes.body.data.list[0].id)),
    );
    const lines = detail.body.data.itemList as { lineNo: number; quantity: number; price: number }[];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.map((l) => l.lineNo)).toEqual(lines.map((_, i) => i + 1));
    for (const l of lines) expect(Math.round(l.quantity * 1000)).toBe(l.quantity * 1000);
    // Seeded documents carry the figures the server would compute.
    const amounts = lines.map((l) => (l as unknown as { amount: number }).amount);
    const total = amounts.reduce((a, b) => a + b, 0);
    expect(detail.body.data.totalAmount).toBeCloseTo(total, 2);
    expect(detail.body.data.lineCount).toBe(lines.length);
    // A second copy of the same files seeds exactly the same names.
    const again = await withSchemas(schemasWithDemoEntity(), () => createTestApp());
    try {
      const other = await again.json(
        await userWith(again, 'e00032', [DEMO_SUPPLIER_URI]),
        'POST',
        DEMO_SUPPLIER_LIST,
        {
          pageSize: 60,
        },
      );
      const all = await t.json(token, 'POST', DEMO_SUPPLIER_LIST, { pageSize: 60 });
      expect(other.body.data.list.map((s: { supplierName: string }) => s.supplierName)).toEqual(
        all.body.data.list.map((s: { supplierName: string }) => s.supplierName),
      );
    } finally {
      await again.close();
    }
  });

  it('filters, sorts, creates, and refuses bad input in Chinese', async () => {
    const strategic = await t.json(token, 'POST', DEMO_SUPPLIER_LIST, { level: [1], pageSize: 100 });
    expect(strategic.body.data.list.every((s: { level: number }) => s.level === 1)).toBe(true);
    const byLimit = await t.json(token, 'POST', DEMO_SUPPLIER_LIST, {
      sort: [{ field: 'creditLimit', order: 'descend' }],
      pageSize: 3,
    });
    expect(byLimit.body.data.list[0].creditLimit).toBe(500000);
    const created = await t.json(token, 'POST', DEMO_SUPPLIER_ADD, {
      supplierCode: 'SUP9001',
      supplierName: '宁波新农蔬菜有限公司',
      level: 2,
      creditLimit: 1234.5,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ supplierCode: 'SUP9001', enabled: true, creditLimit: 1234.5 });
    const duplicate = await t.json(token, 'POST', DEMO_SUPPLIER_ADD, {
      supplierCode: 'SUP9001',
      supplierName: '重复',
      level: 2,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.result.msg).toBe('供应商编码已存在');
    const missing = await t.json(token, 'POST', DEMO_SUPPLIER_ADD, {
      supplierCode: 'SUP9002',
      level: 2,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.result.msg).toBe('请输入供应商名称');
  });

  it('a restart changes nothing and seeds nothing twice', async () => {
    const before = await sql<{ n: string }>`select count(*) as n from schema_change_log`.execute(
      t.database.db,
    );
    await withSchemas(dir, () => applySchemas(t.database.db, { demo: { production: false } }));
    const after = await sql<{ n: string }>`select count(*) as n from schema_change_log`.execute(
      t.database.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const list = await t.json(token, 'POST', DEMO_SUPPLIER_LIST, {});
    expect(list.body.data.total).toBe(61);
  });

  it('adds a new field as a column, and a widened one in place', async () => {
    const grown = schemasWithDemoEntity((files) => {
      const r = demoSupplierResource({
        address: { type: 'string', title: '地址', maxLength: 200, nullable: true },
      });
      (r.fields.supplierName as { maxLength: number }).maxLength = 200;
      files.set('resources/demoSupplier.json', r);
    });
    await withSchemas(grown, () => applySchemas(t.database.db));
    const live = await liveTables(t.database.db, ['demo_supplier']);
    expect(live.get('demo_supplier')!.columns.get('address')).toMatchObject({
      type: 'varchar(200)',
      notNull: false,
    });
    expect(live.get('demo_supplier')!.columns.get('supplier_name')!.type).toBe('varchar(200)');
    const log = await sql<{
      statements: string[];
    }>`select statements from schema_change_log order by id desc limit 1`.execute(t.database.db);
    expect(log.rows[0]!.statements).toEqual([
      'alter table "demo_supplier" alter column "supplier_name" type varchar(200)',
      'alter table "demo_supplier" add column "address" varchar(200)',
    ]);
  });

  it('refuses a destructive or narrowing change at start, naming the file, the field and what to do', async () => {
    const narrowed = schemasWithDemoEntity((files) => {
      const r = demoSupplierResource({
        address: { type: 'string', title: '地址', maxLength: 200, nullable: true },
      });
      (r.fields.supplierName as { maxLength: number }).maxLength = 50;
      files.set('resources/demoSupplier.json', r);
    });
    const error = await withSchemas(narrowed, () => applySchemas(t.database.db)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TableChangeRefused);
    const [problem] = (error as TableChangeRefused).problems;
    expect(problem).toMatchObject({ file: 'resources/demoSupplier.json', path: '/fields/supplierName' });
    expect(problem!.message).toContain('varchar(200) in the database and varchar(50) in the file');
    expect(problem!.message).toContain('server/db/migrations');

    // The address field is gone (the name keeps its wider length).
    const dropped = schemasWithDemoEntity((files) => {
      const r = demoSupplierResource();
      (r.fields.supplierName as { maxLength: number }).maxLength = 200;
      files.set('resources/demoSupplier.json', r);
    });
    const gone = await withSchemas(dropped, () => applySchemas(t.database.db)).catch((e: unknown) => e);
    expect((gone as TableChangeRefused).problems.map((p) => p.message)).toEqual([
      expect.stringContaining(
        'column "demo_supplier.address" is in the database but no field of the file names it',
      ),
    ]);
    // A new required field without a default: the seeded rows would hold no value for it.
    const required = schemasWithDemoEntity((files) => {
      const r = demoSupplierResource({
        address: { type: 'string', title: '地址', maxLength: 200, nullable: true },
        region: { type: 'string', title: '区域', maxLength: 20 },
      });
      (r.fields.supplierName as { maxLength: number }).maxLength = 200;
      const rules = r as { required: string[]; errorMessage: { required: Record<string, string> } };
      rules.required = [...rules.required, 'region'];
      rules.errorMessage.required.region = '请输入区域';
      files.set('resources/demoSupplier.json', r);
      // The seed file says what new rows get; the rows already there have nothing.
      files.set('seed/demoSupplier.json', {
        ...demoSupplierSeed,
        rows: demoSupplierSeed.rows.map((row) => ({ ...row, region: '华东' })),
        generate: {
          ...demoSupplierSeed.generate,
          fields: { ...demoSupplierSeed.generate.fields, region: { pick: ['华东', '华南'] } },
        },
      });
    });
    const empty = await withSchemas(required, () => applySchemas(t.database.db)).catch((e: unknown) => e);

    expect(empty).toBeInstanceOf(TableChangeRefused);
    expect((empty as TableChangeRefused).problems).toEqual([
      expect.objectContaining({
        file: 'resources/demoSupplier.json',
        path: '/fields/region',
        message: expect.stringContaining(
          'column "demo_supplier.region" is new and required, but the table has rows',
        ),
      }),
    ]);
    // Nothing was applied: the column and its data are still there.
    const live = await liveTables(t.database.db, ['demo_supplier']);
    expect(live.get('demo_supplier')!.columns.has('address')).toBe(true);
    expect(live.get('demo_supplier')!.columns.has('region')).toBe(false);
  });

  it('records the purchase note with its lines through the engine, refs checked', async () => {
    const created = await t.json(token, 'POST', '/api/v1/demo/purchaseNote/add', {
      supplierId: 1,
      orderDate: '2026-11-23',
      itemList: [
        { commodityId: 1, quantity: 12.5, price: 6.8 },
        { commodityId: 2, quantity: 3, price: 9.9 },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.data.noteCode).toMatch(/^PN/);
    expect(created.body.data.itemList.map((l: { lineNo: number }) => l.lineNo)).toEqual([1, 2]);
    // The lines' commodity names come from the commodities they refer to.
    expect(created.body.data.itemList.map((l: { commodityName: string }) => l.commodityName)).toEqual([
      '赣南脐橙',
      '阿克苏苹果',
    ]);
    // Figures computed by the server (x-computed), exact to the cent: 12.5 × 6.8 + 3 × 9.9.
    expect(created.body.data.itemList.map((l: { amount: number }) => l.amount)).toEqual([85, 29.7]);
    expect(created.body.data).toMatchObject({ totalAmount: 114.7, lineCount: 2 });
    // No floating-point drift: 0.1 × 3 is 0.3, and 1.005 × 3 = 3.015 rounds half away to 3.02.
    const drift = await t.json(token, 'POST', '/api/v1/demo/purchaseNote/add', {
      supplierId: 1,
      orderDate: '2026-11-23',
      itemList: [
        { commodityId: 1, quantity: 3, price: 0.1 },
        { commodityId: 2, quantity: 3, price: 1.01 },
        { commodityId: 1, quantity: 1.005, price: 3 },
      ],
    });
    expect(drift.body.data.itemList.map((l: { amount: number }) => l.amount)).toEqual([0.3, 3.03, 3.02]);
    expect(drift.body.data.totalAmount).toBe(6.35);
    // The browser's figures are never taken: a request that carries them is refused.
    const forged = await t.json(token, 'POST', '/api/v1/demo/purchaseNote/add', {
      supplierId: 1,
      orderDate: '2026-11-23',
      totalAmount: 1,
      itemList: [{ commodityId: 1, quantity: 3, price: 10, amount: 1 }],
    });
    expect(forged.status).toBe(400);
    // The referenced supplier must exist and be enabled; its name is copied by the server.
    expect(created.body.data).toMatchObject({
      supplierName: '杭州绿源果业有限公司',
      supplierCode: 'SUP0001',
    });
    const unknown = await t.json(token, 'POST', '/api/v1/demo/purchaseNote/add', {
      supplierId: 99999,
      orderDate: '2026-11-23',
      itemList: [{ commodityId: 1, quantity: 1, price: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.msg).toBe('所选供应商不存在或已停用');
    const disabled = await t.json(token, 'POST', DEMO_SUPPLIER_LIST, { enabled: false, pageSize: 1 });
    const off = await t.json(token, 'POST', '/api/v1/demo/purchaseNote/add', {
      supplierId: disabled.body.data.list[0].id,
      orderDate: '2026-11-23',
      itemList: [{ commodityId: 1, quantity: 1, price: 1 }],
    });
    expect(off.body.result.msg).toBe('所选供应商不存在或已停用');
  });
});
