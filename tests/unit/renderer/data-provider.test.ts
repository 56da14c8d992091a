import { describe, expect, it } from 'vitest';
import { activeFilters, fillPath, listRequest } from '@/renderer/data/provider';

// DESIGN.md 3 list contract, as the server's normaliseListQuery reads GET lists.
describe('the list request', () => {
  const params = {
    pageNo: 2,
    pageSize: 50,
    sort: [{ field: 'createTime', order: 'descend' as const }],
    filters: { status: [10, 20], createTime: ['2026-03-01', null], code: '', name: undefined, zone: 0 },
  };

  it('POST: the body shape, empty filters left out', () => {
    expect(listRequest('POST', params)).toEqual({
      pageNo: 2,
      pageSize: 50,
      sort: [{ field: 'createTime', order: 'descend' }],
      status: [10, 20],
      createTime: ['2026-03-01', null],
      zone: 0,
    });
  });

  it('GET: lists comma-separated (an open bound stays empty), sort as field.order', () => {
    expect(listRequest('GET', params)).toEqual({
      pageNo: 2,
      pageSize: 50,
      sort: 'createTime.descend',
      status: '10,20',
      createTime: '2026-03-01,',
      zone: 0,
    });
  });

  it('drops empty ranges and lists', () => {
    expect(activeFilters({ a: [null, null], b: [], c: [''], d: 'x' })).toEqual({ d: 'x' });
  });

  it('fills path parameters from the row, encoded', () => {
    expect(fillPath('/x/:pickOrderCode/:action', { pickOrderCode: 'JH 1/2' }, { action: 'finish' })).toBe(
      '/x/JH%201%2F2/finish',
    );
  });
});
