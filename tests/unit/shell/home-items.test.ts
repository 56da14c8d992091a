import { describe, expect, it } from 'vitest';
import { greeting, waitingSince } from '@/apps/shared/home/items';
import { enUS } from '@/i18n/en-US';

// The home pages' wording: how long the oldest document has waited, and the greeting.
describe('home page items', () => {
  it('how long the oldest document has waited', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(waitingSince(null, now)).toBe('');
    expect(waitingSince('2026-03-10T01:00:00Z', now)).toBe('最早今天创建');
    expect(waitingSince('2026-03-09T01:00:00Z', now)).toBe('最早昨天创建');
    expect(waitingSince('2026-03-01T12:00:00Z', now)).toBe('最早 9 天前创建');
    expect(waitingSince('2026-03-01T12:00:00Z', now, enUS.home)).toBe('Oldest created 9 days ago');
  });

  it('greets by the time of day', () => {
    expect([3, 9, 12, 15, 20].map((h) => greeting(h, '张三'))).toEqual([
      '凌晨好，张三',
      '上午好，张三',
      '中午好，张三',
      '下午好，张三',
      '晚上好，张三',
    ]);
    expect(greeting(9, 'Zhang San', enUS.home)).toBe('Good morning, Zhang San');
  });
});
