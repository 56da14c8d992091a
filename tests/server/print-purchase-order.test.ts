import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintDef } from '../../src/generated/schema-files';
import { printTotals } from '../../src/print/doc/totals';
import { computeValues, docText, type PrintDoc } from '../../src/print/doc/values';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { loadCatalog } from '../../src/schema/node/load';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

type Row = Record<string, unknown>;

const PO = '/api/v1/purchase/purchaseOrder';

// Issue 15.6 (print): the purchase order prints through schemas/prints/purchaseOrder.json, whose source
// is the resource's get endpoint keyed by the id the list's 打印 button puts in /print/doc/purchaseOrder/:id.
// Here the real server answers that read for a seeded, partly received order, and the print page's own
// code (src/print/doc) turns the answer into the sheet's facts and totals.
describe('purchase order print', () => {
  let t: TestApp;
  let hq: string;
  const dir = defaultSchemasDir();
  const print = JSON.parse(readFileSync(path.join(dir, 'prints/purchaseOrder.json'), 'utf8')) as PrintDef;
  const resource = loadCatalog(dir).resources.get('purchaseOrder')!;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  /** A seeded order in one of these statuses, read as the print page reads it. */
  const printed = async (statuses: number[]) => {
    const page = await t.json(hq, 'POST', `${PO}/findByPage`, {
      pageNo: 1,
      pageSize: 5,
      status: statuses,
    });
    const id = (page.body.data.list as Row[])[0]!.id;
    const res = await t.json(hq, 'GET', `${PO}/detail/${String(id)}`);
    expect(res.status).toBe(200);
    return res.body.data as Row;
  };
  const docOf = (row: Row): PrintDoc => {
    const lines = row[print.lines!.child] as Row[];
    return {
      print,
      resource,
      row,
      lines,
      param: String(row.id),
      values: computeValues(print, resource, lines),
    };
  };

  it('reads from the get endpoint keyed by id and answers every field the sheet prints', async () => {
    expect(print.source ?? { type: 'get' }).toEqual({ type: 'get' });
    const row = await printed([30, 50]);
    expect(row.orderCode).toMatch(/^CG\d{12}$/);
    for (const fact of print.header ?? []) {
      if (fact.field) expect(row, `header ${fact.field}`).toHaveProperty(fact.field);
    }
    const lines = row.itemList as Row[];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const c of print.lines!.columns) expect(line, `column ${c.field}`).toHaveProperty(c.field!);
    }
  });

  it('prints the supplier, the status stamp and totals equal to the server’s order totals', async () => {
    const row = await printed([30, 50]);
    const doc = docOf(row);
    expect(docText(doc, 'supplierName')).toBe(row.supplierName);
    expect(docText(doc, 'warehouseName')).toBe(row.warehouseName);
    expect(['部分收货', '已关闭']).toContain(docText(doc, 'status'));
    const totals = printTotals(doc)!;
    const money = (v: unknown) => Number(v).toFixed(2);
    expect(totals.amount?.replace(/,/g, '')).toBe(money(row.totalAmount));
    expect(Number(totals.quantity?.replace(/,/g, ''))).toBe(Number(row.totalQuantity));
    // Partly received: the received column has a total, and it is the order's received total.
    expect(Number(totals.receivedQuantity?.replace(/,/g, ''))).toBe(Number(row.receivedTotal));
    expect(Number(row.receivedTotal)).toBeGreaterThan(0);
  });

  it('a draft prints as 草稿 with nothing received', async () => {
    const row = await printed([0]);
    const doc = docOf(row);
    expect(docText(doc, 'status')).toBe('草稿');
    const totals = printTotals(doc)!;
    expect(totals.amount?.replace(/,/g, '')).toBe(Number(row.totalAmount).toFixed(2));
    expect(Number(totals.receivedQuantity?.replace(/,/g, ''))).toBe(0);
  });

  it('is read only by holders of the purchase order page', async () => {
    const row = await printed([20]);
    const outsider = await userWith(t, 'e00093', ['/admin/product/supplierList']);
    const refused = await t.json(outsider, 'GET', `${PO}/detail/${String(row.id)}`);
    expect(refused.status).toBe(401);
    expect(refused.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
    const buyer = await userWith(t, 'e00094', ['/admin/purchase/purchaseOrderList', 'purchaseOrder:print']);
    expect((await t.json(buyer, 'GET', `${PO}/detail/${String(row.id)}`)).body.data.orderCode).toBe(
      row.orderCode,
    );
  });
});
