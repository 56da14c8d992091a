import { describe, expect, it } from 'vitest';
import { greeting, waitingSince } from '@/apps/shared/home/items';

// The home pages' wording: how long the oldest document has waited, and the greeting.
describe('home page items', () => {
  it('how long the oldest document has waited', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(waitingSince(null, now)).toBe('');
    expect(waitingSince('2026-03-10T01:00:00Z', now)).toBe('最早今天创建');
    expect(waitingSince('2026-03-09T01:00:00Z', now)).toBe('最早昨天创建');
    expect(waitingSince('2026-03-01T12:00:00Z', now)).toBe('最早 9 天前创建');
  });

  it('greets by the time of day', () => {
    expect([3, 9, 12, 15, 20].map(greeting)).toEqual(['凌晨好', '上午好', '中午好', '下午好', '晚上好']);
  });
});
