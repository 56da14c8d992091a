/**
 * Column settings of a list, kept per user and page in local storage: which columns show, their order
 * and the table density. Columns the page gained since are added at their schema position; columns it
 * lost are dropped. Pinned by tests/unit/renderer/column-prefs.test.ts.
 */
export type Density = 'large' | 'middle' | 'small';

export interface ColumnPrefs {
  order: string[];
  hidden: string[];
  density: Density;
}

/** The density menu's texts (keys of the catalogue's `list`). */
export const DENSITY_TEXT = {
  large: 'densityLarge',
  middle: 'densityMiddle',
  small: 'densitySmall',
} as const;

const PREFIX = 'fresh:listColumns';

export const prefsKey = (userId: number | string | undefined, page: string) =>
  `${PREFIX}:${userId ?? 'anonymous'}:${page}`;

export function defaultPrefs(columns: { field: string; hidden?: boolean }[]): ColumnPrefs {
  return {
    order: columns.map((c) => c.field),
    hidden: columns.filter((c) => c.hidden).map((c) => c.field),
    density: 'middle',
  };
}

/** Stored settings reconciled with the page's current columns. */
export function reconcile(
  stored: Partial<ColumnPrefs> | undefined,
  columns: { field: string; hidden?: boolean }[],
): ColumnPrefs {
  const base = defaultPrefs(columns);
  if (!stored) return base;
  const known = new Set(base.order);
  const order = (Array.isArray(stored.order) ? stored.order : []).filter((f) => known.has(f));
  base.order.forEach((f, i) => {
    if (order.includes(f)) return;
    // A column the page gained goes right after the column that precedes it in the page.
    const before = base.order
      .slice(0, i)
      .reverse()
      .find((p) => order.includes(p));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, f);
  });
  const storedHidden = Array.isArray(stored.hidden) ? stored.hidden.filter((f) => known.has(f)) : undefined;
  const storedOrder = new Set(Array.isArray(stored.order) ? stored.order : []);
  // A column new to this user starts as the page declares it.
  const hidden = storedHidden
    ? [...storedHidden, ...base.hidden.filter((f) => !storedOrder.has(f) && !storedHidden.includes(f))]
    : base.hidden;
  const density =
    stored.density === 'large' || stored.density === 'small' || stored.density === 'middle'
      ? stored.density
      : 'middle';
  return { order, hidden, density };
}

export function readPrefs(storage: Storage | undefined, key: string): Partial<ColumnPrefs> | undefined {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as Partial<ColumnPrefs>) : undefined;
  } catch {
    return undefined;
  }
}

export function writePrefs(storage: Storage | undefined, key: string, prefs: ColumnPrefs | undefined): void {
  try {
    if (!prefs) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(prefs));
  } catch {
    // Storage full or disabled: settings simply do not persist.
  }
}

/** Moves a field one place up (-1) or down (+1). */
export function move(order: string[], field: string, delta: -1 | 1): string[] {
  const i = order.indexOf(field);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return order;
  const next = [...order];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
