import { describe, expect, it } from 'vitest';
import {
  formatUnread,
  MARQUEE_TITLE_MAX,
  titlesOf,
  truncateTitle,
  unreadOf,
} from '@/host/layout/header/format';

// SPEC 9: the unread count shows '99+' when it is not below 99; marquee titles are cut to 70 characters.
describe('header formats', () => {
  it('unread count', () => {
    expect(formatUnread(0)).toBe('');
    expect(formatUnread(-3)).toBe('');
    expect(formatUnread(1)).toBe('1');
    expect(formatUnread(98)).toBe('98');
    expect(formatUnread(99)).toBe('99+');
    expect(formatUnread(1200)).toBe('99+');
    expect(formatUnread(Number.NaN)).toBe('');
  });

  it('marquee titles: at most 70 characters, then an ellipsis; code points are not split', () => {
    expect(MARQUEE_TITLE_MAX).toBe(70);
    const long = '通知'.repeat(40);
    expect(truncateTitle(long)).toBe(`${long.slice(0, 70)}…`);
    expect(Array.from(truncateTitle(long).slice(0, -1))).toHaveLength(70);
    expect(truncateTitle('短标题')).toBe('短标题');
    expect(truncateTitle('a'.repeat(70))).toBe('a'.repeat(70));
    expect(truncateTitle('😀'.repeat(71))).toBe(`${'😀'.repeat(70)}…`);
  });

  it('reads the messages server answers leniently', () => {
    expect(titlesOf([{ title: '盘点通知' }, '停电通知', { title: '' }, null])).toEqual([
      '盘点通知',
      '停电通知',
    ]);
    expect(titlesOf({ list: [{ title: 'x' }] })).toEqual(['x']);
    expect(titlesOf(undefined)).toEqual([]);
    expect(unreadOf(120)).toBe(120);
    expect(unreadOf('7')).toBe(7);
    expect(unreadOf({ notReadCount: 3 })).toBe(3);
    expect(unreadOf(null)).toBe(0);
  });
});
