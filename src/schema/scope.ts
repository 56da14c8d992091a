import type { ResourceDef } from '../generated/schema-files';

/**
 * The fields of a list's warehouse scope (`endpoints.list.warehouseScope`, one field or several):
 * a warehouse user sees the rows where any of them is one of his warehouses (server/resources/scope.ts).
 */
export function warehouseScopeOf(r: Pick<ResourceDef, 'endpoints'>): string[] {
  const s = r.endpoints.list?.warehouseScope;
  return s === undefined ? [] : Array.isArray(s) ? s : [s];
}
