import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { computedReaction } from '@/renderer/form/computed';
import { formValuesToBody } from '@/renderer/form/values';
import { computeDocument, computeProducts } from '../../../src/schema/computed';
import { add, multiply, parseDecimal, toNumber } from '../../../src/schema/decimal';
import type { FieldDef, ResourceDef } from '../../../src/schema/types';
import { demoPurchaseNoteResource } from '../../fixtures/entity/supplier';

const note = demoPurchaseNoteResource() as unknown as ResourceDef;

// Issue 12.9: computed figures, exact in decimal, the same in the browser and on the server.
describe('decimal arithmetic', () => {
  const d = (v: unknown) => parseDecimal(v)!;
  it('adds and multiplies without floating-point drift, rounding half away from zero', () => {
    expect(toNumber(add(d(0.1), d(0.2)), 2)).toBe(0.3);
    expect(toNumber(multiply(d(1.005), d(3)), 2)).toBe(3.02);
    expect(toNumber(multiply(d('-1.005'), d(3)), 2)).toBe(-3.02);
    expect(toNumber(multiply(d(12.345), d(6.78)), 2)).toBe(83.7);
    expect(toNumber(multiply(d(1e-7), d(1)), 3)).toBe(0);
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
  });
});

describe('computed document figures', () => {
  it('computes line amounts, then the total and line count over them', () => {
    const doc = computeDocument(
      note,
      { supplierId: 1 },
      {
        itemList: [
          { quantity: 12.5, price: 6.8 },
          { quantity: 3, price: 9.9 },
          { quantity: 2 }, // no price yet: no amount, counted as zero
        ],
      },
    );
    expect(doc.lines.itemList!.map((l) => l.amount)).toEqual([85, 29.7, null]);
    expect(doc.header).toMatchObject({ totalAmount: 114.7, lineCount: 3 });
  });

  it('shows the same figures live in a form, and never sends them', () => {
    const child = note.children!.itemList!;
    const form = createForm({ values: { itemList: [{ quantity: 2, price: 1.5 }] } });
    form.createArrayField({ name: 'itemList' });
    for (const n of ['quantity', 'price']) form.createField({ name: n, basePath: 'itemList.0' });
    const amount = form.createField({
      name: 'amount',
      basePath: 'itemList.0',
      reactions: [computedReaction(note, 'amount', child)],
    });
    const total = form.createField({
      name: 'totalAmount',
      reactions: [computedReaction(note, 'totalAmount')],
    });
    const count = form.createField({ name: 'lineCount', reactions: [computedReaction(note, 'lineCount')] });
    expect(amount.value).toBe(3);
    expect(total.value).toBe(3);
    form.setValuesIn('itemList.0.price', 0.1);
    form.setValuesIn('itemList.0.quantity', 3);
    expect(amount.value).toBe(0.3);
    expect(total.value).toBe(0.3);
    form.setValuesIn('itemList.1', { quantity: 1, price: 2 });
    expect(total.value).toBe(2.3);
    expect(count.value).toBe(2);
    const body = formValuesToBody(form.values, note, 'create');
    expect(body).not.toHaveProperty('totalAmount');
    expect(body).not.toHaveProperty('lineCount');
    expect((body.itemList as object[])[0]).toEqual({ quantity: 3, price: 0.1 });
  });
});

// Issue 17.7: points expire at the end of the year after the China year they were posted in; a lot
// used up has no expiry.
describe('yearEnd', () => {
  const fields = {
    postTime: { type: 'string', format: 'date-time' },
    remaining: { type: 'integer' },
    expiresOn: {
      type: 'string',
      format: 'date',
      'x-computed': {
        yearEnd: { from: 'postTime', years: 1, when: { field: 'remaining', op: 'gt', value: 0 } },
      },
    },
  } as unknown as Record<string, FieldDef>;
  const lot = (postTime: unknown, remaining: number) =>
    computeProducts(fields, { postTime, remaining }).expiresOn;
  it('is the last day of the next China year, empty while nothing is left or nothing is posted', () => {
    expect(lot('2026-03-01T10:00:00+08:00', 5)).toBe('2027-12-31');
    // 31 December 17:00 UTC is already 1 January in China.
    expect(lot('2026-12-31T17:00:00Z', 5)).toBe('2028-12-31');
    expect(lot(new Date('2026-12-31T15:59:59Z'), 5)).toBe('2027-12-31');
    expect(lot('2026-06-30', 5)).toBe('2027-12-31');
    expect(lot('2026-03-01T10:00:00+08:00', 0)).toBeNull();
    expect(lot(null, 5)).toBeNull();
  });
});

// Issue 18.2: a store settlement's commission is a percentage of its sales (x-computed percent), read
// after the sums and read by the total after it, exact in decimal.
describe('percent of an amount', () => {
  const r = {
    name: 'demoShare',
    title: '示例',
    table: 'demo_share',
    primaryKey: 'id',
    fields: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      rate: { type: 'number', title: '比例', 'x-decimals': 2 },
      fee: { type: 'number', title: '费用', 'x-validator': 'money' },
      sales: {
        type: 'number',
        title: '销售额',
        readOnly: true,
        'x-computed': { sum: { child: 'lines', field: 'amount' } },
      },
      commission: {
        type: 'number',
        title: '抽成',
        'x-validator': 'money',
        readOnly: true,
        'x-computed': { percent: { amount: 'sales', rate: 'rate' } },
      },
      net: {
        type: 'number',
        title: '净额',
        'x-validator': 'money',
        readOnly: true,
        'x-computed': { total: { plus: ['sales'], minus: ['commission', 'fee'] } },
      },
    },
    children: {
      lines: {
        title: '明细',
        table: 'demo_share_line',
        foreignKey: 'shareId',
        primaryKey: 'id',
        fields: {
          id: { type: 'integer', title: 'ID' },
          amount: { type: 'number', title: '金额', 'x-validator': 'money' },
        },
      },
    },
    endpoints: {},
  } as unknown as ResourceDef;

  it('is amount × rate / 100, rounded once, and a total may read it', () => {
    const doc = computeDocument(
      r,
      { rate: 8.5, fee: 100 },
      { lines: [{ amount: 1234.56 }, { amount: 0.1 }] },
    );
    // 1234.66 × 8.5 % = 104.9461 → 104.95
    expect(doc.header).toMatchObject({ sales: 1234.66, commission: 104.95, net: 1029.71 });
    expect(computeDocument(r, { fee: 0 }, { lines: [] }).header).toMatchObject({ sales: 0, commission: 0 });
  });
});

// Issue 16.3: a sorting order's progress is its sorted quantity over the quantity to sort (x-computed
// ratio), a fraction the percent value type shows (0.5 → 50.0%), 0 while nothing is to sort.
describe('ratio of two sums', () => {
  const r = {
    name: 'demoProgress',
    title: '示例',
    table: 'demo_progress',
    primaryKey: 'id',
    fields: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      total: {
        type: 'number',
        title: '应分',
        'x-validator': 'quantity',
        readOnly: true,
        'x-computed': { sum: { child: 'lines', field: 'quantity' } },
      },
      done: {
        type: 'number',
        title: '已分',
        'x-validator': 'quantity',
        readOnly: true,
        'x-computed': { sum: { child: 'lines', field: 'sorted' } },
      },
      progress: {
        type: 'number',
        title: '进度',
        'x-decimals': 4,
        readOnly: true,
        'x-computed': { ratio: { part: 'done', whole: 'total' } },
      },
    },
    children: {
      lines: {
        title: '明细',
        table: 'demo_progress_line',
        foreignKey: 'progressId',
        primaryKey: 'id',
        fields: {
          id: { type: 'integer', title: 'ID' },
          quantity: { type: 'number', title: '应分数量', 'x-validator': 'quantity' },
          sorted: { type: 'number', title: '已分数量', 'x-validator': 'quantity', nullable: true },
        },
      },
    },
    endpoints: {},
  } as unknown as ResourceDef;

  it('is part / whole at the field decimals, 0 without a whole', () => {
    const doc = (lines: Record<string, unknown>[]) => computeDocument(r, {}, { lines }).header;
    expect(
      doc([
        { quantity: 2.5, sorted: 1.25 },
        { quantity: 0.5, sorted: null },
      ]),
    ).toMatchObject({
      total: 3,
      done: 1.25,
      progress: 0.4167,
    });
    expect(doc([{ quantity: 2, sorted: 2 }]).progress).toBe(1);
    expect(doc([]).progress).toBe(0);
  });
});

// Issue 18.2: a store settlement is settled either way: its amount to settle is the magnitude of what
// the chain owes (total abs), its direction the sign (sign), and its fee counts only on a statement of
// a period, not on an adjustment (total when).
describe('magnitude, sign and conditional totals', () => {
  const r = {
    name: 'demoOwed',
    title: '示例',
    table: 'demo_owed',
    primaryKey: 'id',
    fields: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      kind: { type: 'integer', title: '类型' },
      contractFee: { type: 'number', title: '合同费用', 'x-validator': 'money' },
      sales: { type: 'number', title: '销售额', 'x-validator': 'money' },
      fee: {
        type: 'number',
        title: '费用',
        'x-validator': 'money',
        readOnly: true,
        'x-computed': { total: { plus: ['contractFee'], when: { field: 'kind', op: 'ne', value: 2 } } },
      },
      owed: {
        type: 'number',
        title: '应付',
        'x-validator': 'money',
        readOnly: true,
        'x-computed': { total: { plus: ['sales'], minus: ['fee'] } },
      },
      direction: {
        type: 'integer',
        title: '方向',
        readOnly: true,
        'x-computed': { sign: { of: 'owed', positive: 1, negative: 2, zero: 0 } },
      },
      due: {
        type: 'number',
        title: '应收付',
        'x-validator': 'money',
        readOnly: true,
        'x-computed': { total: { plus: ['owed'], abs: true } },
      },
    },
    endpoints: {},
  } as unknown as ResourceDef;
  const header = (row: Record<string, unknown>) => computeDocument(r, row, {}).header;

  it('pays a positive amount, collects a negative one, and settles nothing at zero', () => {
    expect(header({ kind: 1, contractFee: 300, sales: 1000.1 })).toMatchObject({
      fee: 300,
      owed: 700.1,
      direction: 1,
      due: 700.1,
    });
    expect(header({ kind: 1, contractFee: 300, sales: 0.2 })).toMatchObject({
      owed: -299.8,
      direction: 2,
      due: 299.8,
    });
    expect(header({ kind: 1, contractFee: 300, sales: 300 })).toMatchObject({
      owed: 0,
      direction: 0,
      due: 0,
    });
  });

  it('counts a total only while its condition holds', () => {
    expect(header({ kind: 2, contractFee: 300, sales: -50 })).toMatchObject({
      fee: 0,
      owed: -50,
      direction: 2,
      due: 50,
    });
  });
});
