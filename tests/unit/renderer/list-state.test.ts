import { describe, expect, it } from 'vitest';
import pickOrderPage from '@schemas/pages/dacang/pickOrderList.json';
import pickOrder from '@schemas/resources/pickOrder.json';
import { buildPageModel } from '@/renderer/resolve';
import { pageAfterSizeChange } from '@/renderer/list/page-size';
import { decodeListState, encodeListState, type ListState, type UrlSpec } from '@/renderer/list/url-state';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';

const spec: UrlSpec = {
  filters: {
    code: 'text',
    zone: 'number',
    active: 'boolean',
    status: 'list-number',
    tags: 'list-text',
    createTime: 'range-text',
    amount: 'range-number',
  },
  pageSizes: [20, 50, 100, 200, 500],
  sortable: ['createTime', 'code'],
  defaults: { pageSize: 20, sort: [{ field: 'createTime', order: 'descend' }] },
};

const defaults: ListState = {
  search: {},
  pageNo: 1,
  pageSize: 20,
  sort: [{ field: 'createTime', order: 'descend' }],
};

describe('list state in the query string', () => {
  it('round-trips every kind of filter, the page, the size and the sort', () => {
    const state: ListState = {
      search: {
        code: 'JH 2026,03',
        zone: 2,
        active: false,
        status: [10, 20],
        tags: ['冷链', '加急'],
        createTime: ['2026-03-01', null],
        amount: [null, 99.5],
      },
      pageNo: 3,
      pageSize: 500,
      sort: [{ field: 'code', order: 'ascend' }],
    };
    const query = encodeListState(state, spec);
    expect(decodeListState(query, spec)).toEqual(state);
    expect(query).toContain('pageSize=500');
    expect(query).toContain('sort=code.ascend');
    expect(query).toContain('status=10&status=20');
  });

  it('leaves defaults out, so an untouched list has a clean address', () => {
    expect(encodeListState(defaults, spec)).toBe('');
    expect(decodeListState('', spec)).toEqual(defaults);
  });

  it('an explicitly cleared sort is kept (sort=) and read back as no order', () => {
    const query = encodeListState({ ...defaults, sort: [] }, spec);
    expect(query).toBe('?sort=');
    expect(decodeListState(query, spec).sort).toEqual([]);
  });

  it("keeps the query parameters it does not own (the shell's)", () => {
    const query = encodeListState({ ...defaults, pageNo: 2 }, spec, '?tab=7&pageNo=9&code=old');
    const params = new URLSearchParams(query);
    expect(params.get('tab')).toBe('7');
    expect(params.get('pageNo')).toBe('2');
    expect(params.has('code')).toBe(false);
  });

  it('a hand-edited link falls back to defaults instead of sending what the server refuses', () => {
    const state = decodeListState(
      '?pageNo=-4&pageSize=7&sort=remark.ascend,code.sideways&zone=abc&status=x',
      spec,
    );
    expect(state).toEqual(defaults);
  });

  it('empty inputs are not written', () => {
    const query = encodeListState(
      { ...defaults, search: { code: '', status: [], createTime: [null, null] } },
      spec,
    );
    expect(query).toBe('');
  });

  it('the pick-order page derives its filters and sortable columns from the page and resource', () => {
    const model = buildPageModel(
      pickOrderPage as PageDef,
      pickOrder as ResourceDef,
      'schemas/pages/dacang/pickOrderList.json',
    );
    expect(model.url.filters).toMatchObject({
      pickOrderCode: 'text',
      status: 'list-number',
      pickZone: 'number',
      createTime: 'range-text',
    });
    expect(model.url.sortable).toEqual(
      expect.arrayContaining(['pickOrderCode', 'lineCount', 'totalQuantity', 'status', 'createTime']),
    );
    expect(model.url.sortable).not.toContain('storeName');
    expect(model.url.defaults).toEqual({ pageSize: 20, sort: [{ field: 'createTime', order: 'descend' }] });
    const s = decodeListState(
      '?status=10&status=20&pageSize=500&sort=lineCount.descend&createTime=2026-03-01&createTime=',
      model.url,
    );
    expect(s).toEqual({
      search: { status: [10, 20], createTime: ['2026-03-01', null] },
      pageNo: 1,
      pageSize: 500,
      sort: [{ field: 'lineCount', order: 'descend' }],
    });
  });
});

describe('SPEC 5: changing the page size never asks for a page past the total', () => {
  it('keeps the page when it still exists for the new size', () => {
    expect(pageAfterSizeChange(2, 50, 600)).toBe(2);
    expect(pageAfterSizeChange(12, 50, 600)).toBe(12);
  });

  it('clamps to the last page when the current one would lie beyond the total', () => {
    expect(pageAfterSizeChange(30, 500, 600)).toBe(2);
    expect(pageAfterSizeChange(3, 50, 45)).toBe(1);
    expect(pageAfterSizeChange(5, 20, 0)).toBe(1);
  });
});
