import { describe, expect, it } from 'vitest';
import { defaultPrefs, move, prefsKey, readPrefs, reconcile, writePrefs } from '@/renderer/list/column-prefs';

const columns = [{ field: 'a' }, { field: 'b' }, { field: 'c', hidden: true }, { field: 'd' }];

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('column settings kept per user', () => {
  it('start as the page declares them', () => {
    expect(defaultPrefs(columns)).toEqual({ order: ['a', 'b', 'c', 'd'], hidden: ['c'], density: 'middle' });
  });

  it('are stored per user and page, and read back', () => {
    const storage = memoryStorage();
    const key = prefsKey(7, 'dacang/pickOrderList');
    expect(key).not.toBe(prefsKey(8, 'dacang/pickOrderList'));
    writePrefs(storage, key, { order: ['d', 'a', 'b', 'c'], hidden: ['a'], density: 'small' });
    expect(reconcile(readPrefs(storage, key), columns)).toEqual({
      order: ['d', 'a', 'b', 'c'],
      hidden: ['a'],
      density: 'small',
    });
    expect(readPrefs(storage, prefsKey(8, 'dacang/pickOrderList'))).toBeUndefined();
  });

  it('follow the page when it gains or loses columns', () => {
    const stored = { order: ['d', 'gone', 'a'], hidden: ['gone'], density: 'large' as const };
    const next = reconcile(stored, columns);
    expect(next.order).toEqual(['d', 'a', 'b', 'c']);
    // c is new to this user and hidden by the page; b is new and shown.
    expect(next.hidden).toEqual(['c']);
    expect(next.density).toBe('large');
  });

  it('survive garbage in storage', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readPrefs(storage, 'k')).toBeUndefined();
    expect(reconcile({ order: 'x' as never, density: 'huge' as never }, columns)).toEqual(
      defaultPrefs(columns),
    );
  });

  it('move a column up or down, not past the ends', () => {
    expect(move(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  });
});
