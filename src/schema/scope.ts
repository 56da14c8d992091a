import type { ResourceDef } from '../generated/schema-files';

/**
 * The fields of a list's warehouse scope (`endpoints.list.warehouseScope`, one field or several), or of
 * a scenario list's (`views.<name>.warehouseScope`, in place of the list's when it has one): a warehouse
 * user sees the rows where any of them is one of his warehouses (server/resources/scope.ts).
 */
export function warehouseScopeOf(r: Pick<ResourceDef, 'endpoints' | 'views'>, view?: string): string[] {
  const s = (view ? r.views?.[view]?.warehouseScope : undefined) ?? r.endpoints.list?.warehouseScope;
  return s === undefined ? [] : Array.isArray(s) ? s : [s];
}
