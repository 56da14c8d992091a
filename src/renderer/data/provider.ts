import { api } from '@/runtime/request';
import { type RouteSpec, resourceRoutes } from '../../schema/routes';
import type { ResourceDef, Row, SortItem, TransitionDef } from '../schema-types';

/**
 * All data access of a list page behind one interface named after its verbs (DESIGN.md 4.5), so the
 * page never builds a URL itself. Paths, methods and where a row's key travels come from the resource
 * file through the server's own route derivation (src/schema/routes.ts), so both sides agree.
 */
export interface ListParams {
  pageNo: number;
  pageSize: number;
  sort: SortItem[];
  filters: Record<string, unknown>;
}

export interface ListResult {
  list: Row[];
  total: number;
  pageNo: number;
  pageSize: number;
  /** false when total is the server's estimate (more rows match than a list counts). */
  totalExact?: boolean;
}

/**
 * Writes take the submission's idempotency key (newIdempotencyKey(): one per opened form or clicked
 * action, the same for its retries), so a double submit acts once on the server (issue 13.4).
 */
export interface DataProvider {
  getList(params: ListParams, signal?: AbortSignal): Promise<ListResult>;
  getOne(row: Row): Promise<Row>;
  create(values: Row, key?: string): Promise<Row>;
  update(row: Row, values: Row, key?: string): Promise<Row>;
  remove(row: Row, key?: string): Promise<void>;
  transition(row: Row, t: TransitionDef, input: Row, key?: string): Promise<Row>;
  /**
   * Runs a transition on several rows: at once (all or nothing), or as a batch job when there are more
   * than the endpoint takes in one go (issue 23.4): the answer then names the job to follow.
   */
  batchTransition(
    rows: Row[],
    t: TransitionDef,
    input: Row,
    key?: string,
    /** Ask for a batch job whatever the number of rows (a page's `asJob` batch action). */
    asJob?: boolean,
  ): Promise<{ count: number; job?: { id: number; title: string } }>;
  relationGet(row: Row, relation: string): Promise<{ ids: number[]; list: Row[] }>;
  relationSet(row: Row, relation: string, ids: number[], key?: string): Promise<unknown>;
  /** The unpaged option list (pickers); absent when the resource has no 'all' endpoint. */
  getAll?(params?: Row): Promise<Row[]>;
}

type Endpoint = { method: string; path: string };

const isEmptyFilter = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/** Filters worth sending: empty inputs and empty ranges are left out. */
export function activeFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => !isEmptyFilter(v)));
}

/**
 * The list request of DESIGN.md 3. A GET list carries it in the query string the way the server's
 * normaliseListQuery reads it: lists comma-separated, sort as field.order.
 */
export function listRequest(method: 'GET' | 'POST', params: ListParams): Record<string, unknown> {
  const filters = activeFilters(params.filters);
  const base = { pageNo: params.pageNo, pageSize: params.pageSize };
  if (method === 'POST') return { ...base, ...(params.sort.length ? { sort: params.sort } : {}), ...filters };
  const query: Record<string, unknown> = { ...base };
  if (params.sort.length) query.sort = params.sort.map((s) => `${s.field}.${s.order}`).join(',');
  return { ...query, ...filterQuery(filters) };
}

/** Filters as a GET list (or aggregate) carries them in the query string: lists comma-separated. */
export function filterQuery(filters: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(activeFilters(filters)))
    query[k] = Array.isArray(v) ? v.map((x) => (x === null || x === undefined ? '' : String(x))).join(',') : v;
  return query;
}

/** '/a/:id/:action' with the row's values (and the action name). */
export function fillPath(path: string, row: Row, extra: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) =>
    encodeURIComponent(String(extra[name] ?? row[name] ?? '')),
  );
}

function call<T>(
  ep: Endpoint,
  path: string,
  payload: Record<string, unknown> | undefined,
  key?: string,
): Promise<T> {
  const options = key ? { idempotencyKey: key } : {};
  switch (ep.method) {
    case 'GET':
      return api.get<T>(path, payload);
    case 'DELETE':
      return api.delete<T>(path, payload, options);
    case 'PUT':
      return api.put<T>(path, payload ?? {}, options);
    case 'PATCH':
      return api.patch<T>(path, payload ?? {}, options);
    default:
      return api.post<T>(path, payload ?? {}, options);
  }
}

/** Calls a keyed route: the key goes where the route reads it (path, body or query). */
function keyed<T>(
  route: RouteSpec,
  row: Row,
  body: Row = {},
  extra: Record<string, unknown> = {},
  idempotencyKey?: string,
): Promise<T> {
  const key = route.key!;
  const path = fillPath(route.path, row, extra);
  const payload = key.in === 'params' ? body : { ...body, [key.field]: row[key.field] };
  const bodyless = route.method === 'GET' || route.method === 'DELETE';
  return call<T>(
    route,
    path,
    bodyless && key.in === 'params' && !Object.keys(payload).length ? undefined : payload,
    idempotencyKey,
  );
}

function missing(r: ResourceDef, kind: string): Error {
  return new Error(`schemas/resources/${r.name}.json has no ${kind} endpoint`);
}

/**
 * The provider of one resource of schemas/resources; with a view, its list pages through that
 * scenario list (the resource's `views`, SPEC 7.6) instead of the resource's list.
 */
export function resourceProvider(r: ResourceDef, view?: string): DataProvider {
  const routes = resourceRoutes(r);
  const route = (kind: RouteSpec['kind'], relation?: string) =>
    routes.find(
      (x) =>
        x.kind === kind && x.view === (kind === 'list' ? view : undefined) && (relation === undefined || x.relation === relation),
    );
  const need = (kind: RouteSpec['kind'], relation?: string) => {
    const found = route(kind, relation);
    if (!found) throw missing(r, relation ? `${relation} ${kind}` : kind);
    return found;
  };
  const stateField = r.states?.field;
  const all = route('all');
  return {
    async getList(params, signal) {
      const list = need('list');
      const method = list.method === 'GET' ? 'GET' : 'POST';
      const payload = listRequest(method, params);
      return method === 'GET'
        ? api.get<ListResult>(list.path, payload, { signal })
        : api.post<ListResult>(list.path, payload, { signal });
    },
    getOne: (row) => keyed<Row>(need('get'), row),
    create: (values, key) => call<Row>(need('create'), need('create').path, values, key),
    update: (row, values, key) => keyed<Row>(need('update'), row, values, {}, key),
    remove: async (row, key) => {
      await keyed(need('delete'), row, {}, {}, key);
    },
    transition(row, t, input, key) {
      const rt = need('transition');
      const byTarget = r.endpoints.transition?.by === 'target';
      const body = byTarget && stateField ? { ...input, [stateField]: t.to } : input;
      return keyed<Row>(rt, row, body, { action: t.name }, key);
    },
    batchTransition(rows, t, input, key, asJob) {
      const rt = need('batchTransition');
      const ids = rows.map((x) => x[r.primaryKey]);
      const body = { ...input, ids, ...(asJob ? { job: true } : {}) };
      return call(rt, fillPath(rt.path, {}, { action: t.name }), body, key);
    },
    relationGet: (row, relation) => keyed(need('relationGet', relation), row),
    relationSet: (row, relation, ids, key) => keyed(need('relationSet', relation), row, { ids }, {}, key),
    ...(all
      ? {
          getAll: async (params?: Row) => (await call<{ list: Row[] }>(all, all.path, params ?? {})).list,
        }
      : {}),
  };
}

/** A page backed by a plain list endpoint (page.schema.json endpoint): listing only. */
export function endpointProvider(ep: { method: 'GET' | 'POST'; path: string }): DataProvider {
  const unsupported = () => Promise.reject(new Error(`${ep.path}: only listing is supported`));
  return {
    getList: (params, signal) =>
      ep.method === 'GET'
        ? api.get<ListResult>(ep.path, listRequest('GET', params), { signal })
        : api.post<ListResult>(ep.path, listRequest('POST', params), { signal }),
    getOne: unsupported,
    create: unsupported,
    update: unsupported,
    remove: unsupported,
    transition: unsupported,
    batchTransition: unsupported,
    relationGet: unsupported,
    relationSet: unsupported,
  };
}

/**
 * A provider whose lists always carry these filter values (a page at a route with parameters, e.g.
 * the operation log of one table): the user's own search cannot widen them.
 */
export function fixedFilters(provider: DataProvider, fixed: Record<string, unknown>): DataProvider {
  if (!Object.keys(fixed).length) return provider;
  return {
    ...provider,
    getList: (params, signal) =>
      provider.getList({ ...params, filters: { ...params.filters, ...fixed } }, signal),
  };
}
