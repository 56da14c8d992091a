import { isValidElement, type ReactNode } from 'react';

/**
 * When a row of the virtual table may skip rendering its cells again (issue 21.3/21.4).
 *
 * rc-virtual-list hands each row a new `style` object (`{ width }`) on every render of the list, so
 * rc-table's memoised row line (BodyLine) renders again each time the list does: once per scroll frame,
 * and once more after each mount, when the list has measured the new rows' heights. Each such render
 * re-creates the row's cells (VirtualCell and Cell per column, antd's style objects), although nothing
 * in them changed. Our row component (components.body.row) is memoised with this comparison: the same
 * row element props (style by value, handlers recreated per render ignored) and, per cell, the same
 * record, column, position and row info (by value: its handlers aside, its column keys a new array each
 * time). A cell that must change still
 * does: new data gives new records, new columns new column objects, expanding a tree row changes the row
 * info; hover and column widths reach the cells through rc-table's contexts, which they read themselves.
 */
type Props = Record<string, unknown>;

function sameStyle(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Props)[k], (b as Props)[k]));
}

/** rc-table's row info: a spread of its table context plus per-row values; handlers are recreated. */
function sameRowInfo(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const pa = a as Props;
  const pb = b as Props;
  const keys = Object.keys(pa);
  if (keys.length !== Object.keys(pb).length) return false;
  return keys.every((k) => {
    const x = pa[k];
    const y = pb[k];
    if (k === 'rowProps') return sameProps(x as Props | undefined, y as Props | undefined);
    if (typeof x === 'function' && typeof y === 'function') return true;
    // columnsKey: the column keys, a new array per render.
    if (Array.isArray(x) && Array.isArray(y))
      return x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
    return Object.is(x, y);
  });
}

/** Props compared by value where a render recreates them: style, row info, handlers. */
function sameProps(a: Props | undefined, b: Props | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => {
    const x = a[k];
    const y = b[k];
    if (Object.is(x, y)) return true;
    if (!(k in b)) return false;
    if (k === 'style') return sameStyle(x, y);
    if (k === 'rowInfo') return sameRowInfo(x, y);
    if (k === 'children') return sameChildren(x as ReactNode, y as ReactNode);
    return typeof x === 'function' && typeof y === 'function';
  });
}

function sameChildren(a: ReactNode, b: ReactNode): boolean {
  if (a === b) return true;
  const la = Array.isArray(a) ? a : [a];
  const lb = Array.isArray(b) ? b : [b];
  if (la.length !== lb.length) return false;
  return la.every((x, i) => {
    const y = lb[i];
    if (x === y) return true;
    if (!isValidElement(x) || !isValidElement(y)) return false;
    return x.type === y.type && x.key === y.key && sameProps(x.props as Props, y.props as Props);
  });
}

/** The memo comparison of a virtual table's row component (see above). */
export const sameRow = (prev: Props, next: Props): boolean => sameProps(prev, next);
