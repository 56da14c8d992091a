import { describe, expect, it } from 'vitest';
import { collapseSlashes } from '@/runtime/request';
import { buildUrl, toQueryString } from '@/runtime/request/url';

// SPEC 7: duplicate slashes in paths are collapsed.
describe('URLs', () => {
  it('collapses doubled slashes in the path only', () => {
    expect(collapseSlashes('//api//v1///x')).toBe('/api/v1/x');
    expect(collapseSlashes('http://h:1//api//x')).toBe('http://h:1/api/x');
    expect(collapseSlashes('https://h/a//b?next=http://x//y#p//q')).toBe(
      'https://h/a/b?next=http://x//y#p//q',
    );
  });

  it('roots paths written with or without a leading slash on the base', () => {
    expect(buildUrl('', 'api/v1/user03/login')).toBe('/api/v1/user03/login');
    expect(buildUrl('', '/api/v1/user03/login')).toBe('/api/v1/user03/login');
    expect(buildUrl('http://127.0.0.1:9/', '/gateApi//x')).toBe('http://127.0.0.1:9/gateApi/x');
    expect(buildUrl('', 'http://other:2//y')).toBe('http://other:2/y');
  });

  it('encodes query parameters as umi-request does: repeated arrays, JSON objects, no nulls', () => {
    expect(toQueryString({ a: [1, 2], b: null, c: undefined, d: { x: 1 }, e: '白菜' })).toBe(
      'a=1&a=2&d=%7B%22x%22%3A1%7D&e=%E7%99%BD%E8%8F%9C',
    );
  });
});
