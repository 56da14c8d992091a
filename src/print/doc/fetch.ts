import type { PrintEndpoint } from '@/generated/schema-files';
import { fillPath } from '@/renderer/data/provider';
import type { ResourceDef, Row } from '@/renderer/schema-types';
import { api } from '@/runtime/request';
import { resourceRoutes } from '@/schema/routes';

/**
 * The calls a print file's source makes (schemas/meta/print.schema.json PrintSource). Silent: a
 * refusal shows once, on the page, not again as a toast.
 */
const options = (signal: AbortSignal) => ({ silent: true, signal });

/** A named endpoint answering one document for one key (route parameter or stored item). */
export function callEndpoint(ep: PrintEndpoint, key: unknown, signal: AbortSignal): Promise<Row> {
  const inPath = ep.key === 'path';
  const path = inPath ? ep.path.replace(/:[A-Za-z][A-Za-z0-9]*/, encodeURIComponent(String(key))) : ep.path;
  const payload = inPath ? ep.with : { ...ep.with, [ep.name ?? 'id']: key };
  if (ep.method === 'GET') return api.get<Row>(path, payload, options(signal));
  if (ep.key === 'query') return api.post<Row>(path, undefined, { ...options(signal), params: payload });
  return api.post<Row>(path, payload, options(signal));
}

/**
 * A row of the resource by its get endpoint. With lookup, the parameter is another field: the row is
 * found in the list first (the list filter may match substrings: the exact value is picked out).
 * Undefined when the list has no such row.
 */
export async function getRow(
  resource: ResourceDef,
  lookup: string | undefined,
  param: string,
  signal: AbortSignal,
): Promise<Row | undefined> {
  const routes = resourceRoutes(resource);
  const get = routes.find((r) => r.kind === 'get')!;
  const keyField = get.key?.field ?? resource.primaryKey;
  let key: unknown = param;
  if (lookup) {
    const list = routes.find((r) => r.kind === 'list')!;
    const query = { pageNo: 1, pageSize: 20, [lookup]: param };
    const page =
      list.method === 'GET'
        ? await api.get<{ list: Row[] }>(list.path, query, options(signal))
        : await api.post<{ list: Row[] }>(list.path, query, options(signal));
    const hit = page.list.find((r) => r[lookup] === param);
    if (!hit) return undefined;
    key = hit[keyField];
  }
  const keyRow = { [keyField]: key };
  const query = get.key?.in === 'querystring' ? keyRow : undefined;
  return api.get<Row>(fillPath(get.path, keyRow), query, options(signal));
}
