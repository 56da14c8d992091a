import { describe, expect, it } from 'vitest';
import { createTabStateStore } from '@/runtime/tabs';

// Keep-alive by state snapshot (src/runtime/tabs/README.md).
describe('the per-tab state store', () => {
  it('keeps named values per tab path (query, case and trailing slash do not matter)', () => {
    const store = createTabStateStore();
    store.write('/admin/home', 'search', '拣货');
    store.write('/admin/home', 'page', 3);
    store.write('/dacang/home', 'search', '出库');
    expect(store.read('/ADMIN/home/?x=1', 'search')).toEqual({ found: true, value: '拣货' });
    expect(store.read('/admin/home', 'page')).toEqual({ found: true, value: 3 });
    expect(store.read('/admin/home', 'other')).toEqual({ found: false });
    expect(store.read('/dacang/home', 'search').value).toBe('出库');
  });

  it('a kept undefined is still found (a page may keep "nothing selected")', () => {
    const store = createTabStateStore();
    store.write('/a', 'selected', undefined);
    expect(store.read('/a', 'selected')).toEqual({ found: true, value: undefined });
  });

  it('drop forgets one tab (close, refresh); clear forgets all (logout)', () => {
    const store = createTabStateStore();
    store.write('/a', 'x', 1);
    store.write('/b', 'x', 2);
    store.drop('/a');
    expect(store.read('/a', 'x').found).toBe(false);
    expect(store.read('/b', 'x').found).toBe(true);
    store.clear();
    expect(store.read('/b', 'x').found).toBe(false);
  });
});
