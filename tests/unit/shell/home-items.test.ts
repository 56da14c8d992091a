import { describe, expect, it } from 'vitest';
import { greeting, TODO_ITEMS, waitingSince } from '@/apps/shared/home/items';
import { TODO_ITEMS as SERVER_TODO, TODAY_ITEMS as SERVER_TODAY } from '../../../server/routes/home/summary';
import { TODAY_ITEMS } from '@/apps/shared/home/items';

// The home pages show every count the server can send, under a Chinese title and a list page.
describe('home page items', () => {
  it('every server count has a card', () => {
    expect(Object.keys(TODO_ITEMS).sort()).toEqual(SERVER_TODO.map((i) => i.key).sort());
    expect(Object.keys(TODAY_ITEMS).sort()).toEqual(SERVER_TODAY.map((i) => i.key).sort());
  });

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
