import { describe, expect, it } from 'vitest';
// qs itself (umi-request's dependency) is the reference the build's stand-in must match.
// @ts-expect-error qs ships no types here
import * as qs from 'qs';
import { parse, stringify } from '@/runtime/request/qs-lite';

// What umi-request asks of qs (issue 21.6: the build gives it src/runtime/request/qs-lite.ts).
const UMI = { arrayFormat: 'repeat', strictNullHandling: true };

const CASES: unknown[] = [
  {},
  { pageNo: 1, pageSize: 20, keyword: '拣货 单', flag: true, off: false },
  { a: null, b: undefined, c: '', d: 0 },
  { ids: [1, 2, 3], empty: [], mixed: ['x', null, 'y'] },
  { date: new Date(Date.UTC(2026, 10, 20, 8, 30)) },
  { "odd key!*'()": "v!*'()~-._ &=?/#%+", emoji: '😀', nl: 'a\nb' },
  { nested: { x: 1, y: { z: 'w' } }, list: [{ a: 1 }, { a: 2 }] },
  ['a', { b: 1 }, null],
];

describe('qs-lite (umi-request’s qs calls)', () => {
  it('stringifies as qs does with umi-request’s options', () => {
    for (const c of CASES) expect(stringify(c, UMI)).toBe(qs.stringify(c, UMI));
  });

  it('parses a URLSearchParams’ text as qs does for flat keys', () => {
    for (const text of ['a=1&b=2', 'a=1&a=2&a=3', 'flag&x=', 'k=%E6%8B%A3+%E8%B4%A7', '']) {
      expect(parse(text, { strictNullHandling: true })).toEqual(qs.parse(text, { strictNullHandling: true }));
    }
  });
});
