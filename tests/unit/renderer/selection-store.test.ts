import { describe, expect, it, vi } from 'vitest';
import { createSelectionStore } from '@/renderer/list/selection-store';

const rows = [1, 2, 3, 4, 5, 6].map((id) => ({ id, code: `C${id}` }));

function store() {
  const s = createSelectionStore();
  s.setPage(rows, 'id');
  return s;
}

const ids = (s: ReturnType<typeof store>) => s.selectedRows().map((r) => r.id);

describe('the list selection store', () => {
  it('ticks and unticks one row, keeping the rows in the order ticked', () => {
    const s = store();
    s.toggle(3, false);
    s.toggle(1, false);
    expect(ids(s)).toEqual([3, 1]);
    expect(s.isSelected(3)).toBe(true);
    expect(s.pageSelection()).toBe('some');
    s.toggle(3, false);
    expect(ids(s)).toEqual([1]);
  });

  it('selects a range with shift from the last row ticked, and unticks a range all ticked', () => {
    const s = store();
    s.toggle(2, false);
    s.toggle(5, true);
    expect(ids(s)).toEqual([2, 3, 4, 5]);
    // 3..5 are all ticked: the shift-click unticks the range from the anchor (5) to 3
    s.toggle(3, true);
    expect(ids(s)).toEqual([2]);
  });

  it('a shift-click with nothing ticked ticks one row', () => {
    const s = store();
    s.toggle(4, true);
    expect(ids(s)).toEqual([4]);
  });

  it('the header selects the whole page, then clears it; its state follows', () => {
    const s = store();
    expect(s.pageSelection()).toBe('none');
    s.toggleAll();
    expect(s.count()).toBe(6);
    expect(s.pageSelection()).toBe('all');
    s.toggleAll();
    expect(s.count()).toBe(0);
    s.toggle(1, false);
    s.toggleAll();
    expect(s.pageSelection()).toBe('all');
  });

  it('notifies on a change only, and keeps the same rows array until the selection changes', () => {
    const s = store();
    const listener = vi.fn();
    s.subscribe(listener);
    s.clear();
    expect(listener).not.toHaveBeenCalled();
    s.toggle(2, false);
    expect(listener).toHaveBeenCalledTimes(1);
    const before = s.selectedRows();
    expect(s.selectedRows()).toBe(before);
    s.toggle(9, false); // not on the page
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a reload of the same rows hands the batch bar the fresh objects; an empty page has no state', () => {
    const s = store();
    s.toggle(2, false);
    const fresh = rows.map((r) => ({ ...r, code: `${r.code}!` }));
    s.setPage(fresh, 'id');
    expect(s.selectedRows()[0]).toBe(fresh[1]);
    s.setPage([], 'id');
    expect(s.pageEmpty()).toBe(true);
    expect(s.pageSelection()).toBe('none');
  });
});
