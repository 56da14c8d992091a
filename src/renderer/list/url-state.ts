import type { FilterKind, UrlSpec } from '@/schema/resolve/page';
import type { SortItem } from '../schema-types';

export type { FilterKind, UrlSpec };

/**
 * A list's view in the query string, so a link reopens the same view: the search values, page, page
 * size and sort. The keys read like the server's GET list contract (pageNo, pageSize,
 * sort=field.order, one key per filter, lists as repeated keys). Defaults are left out; parameters the
 * list does not own are kept. Pinned by tests/unit/renderer/list-state.test.ts.
 */
export interface ListState {
  search: Record<string, unknown>;
  pageNo: number;
  pageSize: number;
  /** [] = no explicit order (the server's default). */
  sort: SortItem[];
}

const OWN = ['pageNo', 'pageSize', 'sort'];

function toNumber(s: string): number | undefined {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

function readFilter(params: URLSearchParams, key: string, kind: FilterKind): unknown {
  const all = params.getAll(key);
  const one = all[0];
  switch (kind) {
    case 'text':
      return one === undefined || one === '' ? undefined : one;
    case 'number':
      return one === undefined ? undefined : toNumber(one);
    case 'boolean':
      return one === 'true' ? true : one === 'false' ? false : undefined;
    case 'list-text': {
      const list = all.filter((s) => s !== '');
      return list.length ? list : undefined;
    }
    case 'list-number': {
      const list = all.map(toNumber).filter((n): n is number => n !== undefined);
      return list.length ? list : undefined;
    }
    case 'range-text':
    case 'range-number': {
      if (!all.length) return undefined;
      const conv = (s: string | undefined) =>
        s === undefined || s === '' ? null : kind === 'range-number' ? (toNumber(s) ?? null) : s;
      const range = [conv(all[0]), conv(all[1])];
      return range.every((v) => v === null) ? undefined : range;
    }
  }
}

function sameSort(a: SortItem[], b: SortItem[]): boolean {
  return a.length === b.length && a.every((s, i) => s.field === b[i]!.field && s.order === b[i]!.order);
}

function readSort(raw: string | null, spec: UrlSpec): SortItem[] {
  if (raw === null) return spec.defaults.sort;
  const out: SortItem[] = [];
  for (const part of raw.split(',').filter(Boolean)) {
    const dot = part.lastIndexOf('.');
    const field = dot < 0 ? part : part.slice(0, dot);
    const order = dot < 0 ? 'ascend' : part.slice(dot + 1);
    // Only allow-listed fields: a hand-edited link must not turn into a 400.
    if (spec.sortable.includes(field) && (order === 'ascend' || order === 'descend'))
      out.push({ field, order });
  }
  // 'sort=' means no order on purpose; a sort naming nothing valid means the link was mangled.
  return raw !== '' && !out.length ? spec.defaults.sort : out;
}

/** The list state a query string describes; anything missing or invalid takes its default. */
export function decodeListState(search: string, spec: UrlSpec): ListState {
  const params = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(spec.filters)) {
    const v = readFilter(params, key, kind);
    if (v !== undefined) values[key] = v;
  }
  const pageNo = Math.floor(toNumber(params.get('pageNo') ?? '') ?? 1);
  const size = toNumber(params.get('pageSize') ?? '');
  return {
    search: values,
    pageNo: pageNo >= 1 ? pageNo : 1,
    pageSize: size !== undefined && spec.pageSizes.includes(size) ? size : spec.defaults.pageSize,
    sort: readSort(params.get('sort'), spec),
  };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

function writeFilter(params: URLSearchParams, key: string, kind: FilterKind, v: unknown): void {
  if (blank(v)) return;
  if (kind.startsWith('range-')) {
    const [from, to] = Array.isArray(v) ? v : [];
    if (blank(from) && blank(to)) return;
    params.append(key, blank(from) ? '' : String(from));
    params.append(key, blank(to) ? '' : String(to));
    return;
  }
  if (Array.isArray(v)) {
    for (const x of v) if (!blank(x)) params.append(key, String(x));
    return;
  }
  params.append(key, String(v));
}

/**
 * The query string for a state, starting from the current one: the list's own keys are rewritten,
 * others (the shell's) stay. Returns '' or '?…'.
 */
export function encodeListState(state: ListState, spec: UrlSpec, current = ''): string {
  const params = new URLSearchParams(current);
  for (const key of [...OWN, ...Object.keys(spec.filters)]) params.delete(key);
  for (const [key, kind] of Object.entries(spec.filters)) writeFilter(params, key, kind, state.search[key]);
  if (state.pageNo > 1) params.set('pageNo', String(state.pageNo));
  if (state.pageSize !== spec.defaults.pageSize) params.set('pageSize', String(state.pageSize));
  if (!sameSort(state.sort, spec.defaults.sort))
    params.set('sort', state.sort.map((s) => `${s.field}.${s.order}`).join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}
