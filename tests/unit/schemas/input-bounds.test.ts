import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { firstValidationMessage } from '../../../server/http/validation-message';
import { boundDateFormats } from '../../../server/plugins/input-bounds';
import { createAjv } from '../../../server/resources/ajv';
import { isDate, isDateTime, withinDateBounds } from '../../../src/schema/dates';
import { inputSchema } from '../../../src/schema/field-schema';
import { boundSchema, DECIMAL, INT4, INT8 } from '../../../src/schema/input-bounds';
import { loadCatalog } from '../../../src/schema/node/load';
import { routeSchemas } from '../../../src/schema/request-schemas';
import { resourceRoutes } from '../../../src/schema/routes';
import type { FieldDef } from '../../../src/schema/types';
import { SCHEMAS } from './copy';

// Issue 13.3: request schemas carry the bounds of the database columns, so values PostgreSQL would
// refuse (int4 overflow, 1e308, NUL, extreme dates and offsets) are a 400 with a Chinese message.

const catalog = loadCatalog(SCHEMAS);
const ajv = createAjv(catalog.validators, false);

function message(schema: object, value: unknown): string | undefined {
  const validate = ajv.compile(schema);
  return validate(value) ? undefined : firstValidationMessage(validate.errors);
}

/** Every message of a refusal (ajv-errors' texts), for bodies with more than one problem. */
function messages(schema: object, value: unknown): string[] {
  const validate = ajv.compile(schema);
  validate(value);
  return (validate.errors ?? []).map((e) => e.message ?? '');
}

const field = (f: Partial<FieldDef>) =>
  inputSchema(catalog, { title: '数量', type: 'integer', ...f } as FieldDef);

describe('boundSchema', () => {
  it('gives integers the PostgreSQL integer range, keeping narrower bounds', () => {
    expect(boundSchema({ type: 'integer' })).toMatchObject({ minimum: INT4.min, maximum: INT4.max });
    expect(boundSchema({ type: 'integer', minimum: 1, maximum: 500 })).toMatchObject({
      minimum: 1,
      maximum: 500,
    });
    expect(boundSchema({ type: ['integer', 'null'], minimum: 0 })).toMatchObject({
      minimum: 0,
      maximum: INT4.max,
    });
  });

  it('gives bigint-sized integers the exact JSON range, and decimals a finite bound', () => {
    expect(boundSchema({ type: 'integer', maximum: 10_000_000_000 })).toMatchObject({
      minimum: INT8.min,
      maximum: 10_000_000_000,
    });
    expect(boundSchema({ type: 'number' })).toMatchObject({ minimum: DECIMAL.min, maximum: DECIMAL.max });
    expect(boundSchema({ type: 'number', maximum: 9999999.99 })).toMatchObject({ maximum: 9999999.99 });
  });

  it('refuses NUL in every string, nested ones included; enums stay as they are', () => {
    const s = boundSchema({
      type: 'object',
      properties: {
        a: { type: 'string', title: '备注' },
        list: { type: 'array', items: { type: 'object', properties: { b: { type: ['string', 'null'] } } } },
        kind: { type: 'string', enum: ['x'] },
      },
    });
    expect(message(s, { a: 'a\u0000b' })).toBe('备注不能包含空字符');
    expect(message(s, { list: [{ b: '\u0000' }] })).toBe('b不能包含空字符');
    expect(message(s, { list: [{ b: null }], a: '正常文本\t换行\n' })).toBeUndefined();
    expect((s.properties as Record<string, object>).kind).toEqual({ type: 'string', enum: ['x'] });
  });

  it('keeps a null of a coerced query value null (a range with an open end)', () => {
    const validate = createAjv(catalog.validators, true).compile(
      boundSchema({ type: 'array', items: { type: ['string', 'null'], format: 'date' } }),
    );
    const range = ['2999-01-01', null];
    expect(validate(range)).toBe(true);
    expect(range).toEqual(['2999-01-01', null]);
  });

  it('refuses NUL beside a pattern of its own, which keeps its message', () => {
    const s = boundSchema({
      type: 'string',
      title: '编码',
      pattern: '^[a-z]',
      errorMessage: { pattern: '编码须以字母开头' },
    });
    expect(message(s, 'a\u0000')).toBe('编码不能包含空字符');
    expect(message(s, '1')).toBe('编码须以字母开头');
  });

  it('is idempotent and leaves its input alone', () => {
    const input = { type: 'object', properties: { n: { type: 'integer' } } };
    const once = boundSchema(input);
    expect(boundSchema(once)).toEqual(once);
    expect(input.properties.n).toEqual({ type: 'integer' });
  });
});

describe('field schemas of the resource engine', () => {
  it('name the field in the bound messages', () => {
    expect(message(field({}), 2147483648)).toBe('数量不能大于 2147483647');
    expect(message(field({}), -2147483649)).toBe('数量不能小于 -2147483648');
    expect(message(field({ type: 'number', title: '金额' }), 1e308)).toBe('金额不能大于 9999999999.99');
    expect(message(field({ type: 'string', title: '备注' }), 'x\u0000')).toBe('备注不能包含空字符');
    expect(message(field({}), 12)).toBeUndefined();
  });

  it('list paging and create bodies refuse the reported values', () => {
    const user = catalog.resources.get('user')!;
    const list = resourceRoutes(user).find((r) => r.kind === 'list')!;
    const s = routeSchemas(catalog, user, list);
    const query = createAjv(catalog.validators, true).compile(s.querystring ?? s.body!);
    expect(query({ pageNo: 2147483648 })).toBe(false);
    expect(firstValidationMessage(query.errors)).toBe('页码超出范围');
    expect(query({ pageNo: 1e308 })).toBe(false);

    const transfer = catalog.resources.get('transferApply')!;
    const create = resourceRoutes(transfer).find((r) => r.kind === 'create')!;
    const body = routeSchemas(catalog, transfer, create).body!;
    // Each refused value brings its field's own message (the body lacks its goods lines too).
    const ok = {
      companyName: '公司',
      produceDate: '2026-03-01',
      warehouseOutId: 21,
      warehouseInId: 22,
    };
    expect(messages(body, { ...ok, companyName: '公\u0000司' })).toContain('所属公司不能包含空字符');
    expect(messages(body, ok).join()).not.toMatch(/所属公司|申请日期|最晚出库时间/);
    expect(messages(body, { ...ok, produceDate: '0001-01-01' }).join()).toMatch(/申请日期/);
    expect(messages(body, { ...ok, deadlineOutTime: '9999-12-31T23:59:59+14:00' }).join()).toMatch(
      /最晚出库时间/,
    );
  });
});

describe('dates', () => {
  it('accept years 1900–2999 and real offsets only', () => {
    expect(isDate('1900-01-01')).toBe(true);
    expect(isDate('2999-12-31')).toBe(true);
    expect(isDate('1899-12-31')).toBe(false);
    expect(isDate('0001-01-01')).toBe(false);
    expect(isDateTime('2026-03-01T08:30:00+14:00')).toBe(true);
    expect(isDateTime('2026-03-01T08:30:00-1200')).toBe(true);
    expect(isDateTime('2026-03-01T08:30:00+15:00')).toBe(false);
    expect(isDateTime('2026-03-01T08:30:00+08:60')).toBe(false);
    expect(isDateTime('9999-12-31T23:59:59+14:00')).toBe(false);
    expect(withinDateBounds('+275760-09-13')).toBe(false);
  });

  it('narrow the formats of hand-written routes too (ajv-formats + boundDateFormats)', () => {
    const fastifyAjv = boundDateFormats(ajvFormats(new Ajv({ allErrors: true })) as Ajv);
    ajvErrors(fastifyAjv);
    const dt = fastifyAjv.compile({ type: 'string', format: 'date-time' });
    expect(dt('2026-03-01T08:30:00Z')).toBe(true);
    expect(dt('2026-03-01 08:30')).toBe(false); // ajv-formats' own rule is kept
    expect(dt('9999-12-31T23:59:59+14:00')).toBe(false);
    expect(dt('2026-03-01T08:30:00+20:00')).toBe(false);
    expect(fastifyAjv.compile({ type: 'string', format: 'date' })('0001-01-01')).toBe(false);
  });
});
