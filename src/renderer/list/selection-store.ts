import type { Row } from '../schema-types';

export type RowKey = string | number;

/** How much of the page shown is selected: drives the header checkbox. */
export type PageSelection = 'none' | 'some' | 'all';

/**
 * The list's row selection outside React state: each checkbox, the selected-row class, the header
 * checkbox and the batch bar subscribe to it (useSyncExternalStore) and re-render only when what they
 * show changes. Ticking one row re-renders that row's checkbox and row element, not the table: with
 * antd's rowSelection every tick rebuilt the table's columns and re-rendered every visible cell.
 */
export interface SelectionStore {
  subscribe(listener: () => void): () => void;
  isSelected(key: RowKey): boolean;
  /** The selected rows in the order they were ticked; the same array until the selection changes. */
  selectedRows(): Row[];
  count(): number;
  pageSelection(): PageSelection;
  /** Whether the page shown has no rows (the header checkbox is disabled then). */
  pageEmpty(): boolean;
  /** The rows shown, in order: the header checkbox and shift-click ranges work on them. */
  setPage(rows: Row[], rowKey: string): void;
  /** A click on a row's checkbox; with shift, the range from the last ticked row (as antd does). */
  toggle(key: RowKey, shift: boolean): void;
  /** The header checkbox: selects the whole page, or clears it when it is all selected. */
  toggleAll(): void;
  clear(): void;
}

const NO_ROWS: Row[] = [];

export function createSelectionStore(): SelectionStore {
  const listeners = new Set<() => void>();
  let selected = new Map<RowKey, Row>();
  let list: Row[] = NO_ROWS;
  let page: Row[] = NO_ROWS;
  let keys: RowKey[] = [];
  let state: PageSelection = 'none';
  // The index of the last row ticked on (antd's anchor for a shift-click range), null after an untick.
  let anchor: number | null = null;

  const computeState = (): PageSelection => {
    const n = keys.reduce<number>((c, k) => c + (selected.has(k) ? 1 : 0), 0);
    return n === 0 ? 'none' : n === keys.length ? 'all' : 'some';
  };
  const commit = (next: Map<RowKey, Row>) => {
    selected = next;
    list = next.size ? [...next.values()] : NO_ROWS;
    state = computeState();
    for (const l of [...listeners]) l();
  };
  const rowAt = (key: RowKey) => page[keys.indexOf(key)];

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSelected: (key) => selected.has(key),
    selectedRows: () => list,
    count: () => selected.size,
    pageSelection: () => state,
    pageEmpty: () => keys.length === 0,
    setPage(rows, rowKey) {
      page = rows;
      keys = rows.map((r) => r[rowKey] as RowKey);
      anchor = null;
      // Rows reloaded under the same keys: the batch bar acts on the fresh objects.
      let next = selected;
      for (const r of rows) {
        const k = r[rowKey] as RowKey;
        if (next.has(k) && next.get(k) !== r) {
          if (next === selected) next = new Map(selected);
          next.set(k, r);
        }
      }
      if (next !== selected) return commit(next);
      // The same selection: only the header's state may change (other rows shown).
      state = computeState();
      for (const l of [...listeners]) l();
    },
    toggle(key, shift) {
      const index = keys.indexOf(key);
      if (index < 0) return;
      const next = new Map(selected);
      const anyOnPage = keys.some((k) => selected.has(k));
      if (shift && anyOnPage) {
        const from = Math.min(anchor ?? index, index);
        const to = Math.max(anchor ?? index, index);
        const range = keys.slice(from, to + 1);
        const select = range.some((k) => !selected.has(k));
        for (const k of range) {
          if (select) next.set(k, rowAt(k)!);
          else next.delete(k);
        }
        anchor = select ? to : null;
      } else if (selected.has(key)) {
        next.delete(key);
        anchor = null;
      } else {
        next.set(key, page[index]!);
        anchor = index;
      }
      commit(next);
    },
    toggleAll() {
      const next = new Map(selected);
      if (state === 'all') for (const k of keys) next.delete(k);
      else keys.forEach((k, i) => next.set(k, page[i]!));
      commit(next);
    },
    clear() {
      if (!selected.size) return;
      anchor = null;
      commit(new Map());
    },
  };
}
