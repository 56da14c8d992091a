import type { ResourceDef } from '../../src/schema/types';

/**
 * GET lists carry lists in the query string as repeated keys (status=10&status=20) or comma-separated
 * (status=10,20), and sorting as sort=createTime.descend,id.ascend. This turns both into the body
 * shape the schema validates, so GET and POST lists share one contract (DESIGN.md 3, Lists).
 */
export function normaliseListQuery(r: ResourceDef, query: Record<string, unknown>): void {
  for (const [key, flt] of Object.entries(r.filters ?? {})) {
    const v = query[key];
    if ((flt.op === 'in' || flt.op === 'between') && typeof v === 'string') {
      query[key] = v.split(',').map((s) => (s === '' ? null : s));
    }
  }
  const sort = query.sort;
  if (typeof sort === 'string' || Array.isArray(sort)) {
    const parts = (Array.isArray(sort) ? sort : [sort]).flatMap((s) => String(s).split(',')).filter(Boolean);
    query.sort = parts.map((part) => {
      const dot = part.lastIndexOf('.');
      return dot < 0
        ? { field: part, order: 'ascend' }
        : { field: part.slice(0, dot), order: part.slice(dot + 1) };
    });
  }
}
