import type { Engine } from '../context';
import { notFound } from '../context';
import { findRow } from '../rows';
import { listAll, listPage } from '../sql/list';
import type { ResourceDef, SortItem } from '../types';

export async function listRows(engine: Engine, r: ResourceDef, params: Record<string, unknown> | null) {
  const p = params ?? {};
  return listPage(engine.db, engine.catalog, r, {
    ...p,
    pageNo: Number(p.pageNo ?? 1),
    pageSize: Number(p.pageSize ?? r.endpoints.list?.defaultPageSize ?? 20),
    sort: p.sort as SortItem[] | undefined,
  });
}

export async function allRows(engine: Engine, r: ResourceDef, params: Record<string, unknown> | null) {
  const e = r.endpoints.all!;
  return listAll(engine.db, engine.catalog, r, params ?? {}, e.where ?? {}, e.limit ?? 500);
}

export async function getRow(engine: Engine, r: ResourceDef, keyField: string, keyValue: unknown) {
  const row = await findRow(engine.db, r, keyField, keyValue, { children: true });
  if (!row) throw notFound(r);
  return row;
}
