import type { HttpMethod, Permission, ResourceDef } from './types';

export type RouteKind =
  | 'list'
  | 'all'
  | 'get'
  | 'create'
  | 'update'
  | 'delete'
  | 'transition'
  | 'batchTransition'
  | 'relationGet'
  | 'relationSet'
  | 'aggregate';

/** One HTTP route of a resource, derived from its file alone (server, lint and codegen share it). */
export interface RouteSpec {
  resource: string;
  kind: RouteKind;
  method: HttpMethod;
  path: string;
  /** Any one of these is enough at the door; transitions check their own code again per action. */
  permission: string[];
  /** Field identifying the row and where it is read from. */
  key?: { field: string; in: 'params' | 'body' | 'querystring' };
  relation?: string;
  /** A scenario list of the resource (its `views`, SPEC 7.6): the list with this view's conditions. */
  view?: string;
  /** An aggregate of the resource (its `aggregates`): figures for charts. */
  aggregate?: string;
  /** Served by a hand-written route (endpoint 'external'): the engine does not register it. */
  external?: boolean;
}

export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]!);

const list = (p: Permission): string[] => (Array.isArray(p) ? [...p] : [p]);
const unique = (xs: string[]) => [...new Set(xs)];

function keyIn(path: string, method: HttpMethod, field: string): NonNullable<RouteSpec['key']> {
  if (pathParams(path).includes(field)) return { field, in: 'params' };
  const bodyMethod = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return { field, in: bodyMethod ? 'body' : 'querystring' };
}

export function resourceRoutes(r: ResourceDef): RouteSpec[] {
  const out: RouteSpec[] = [];
  const e = r.endpoints;
  const base = { resource: r.name };
  if (e.list)
    out.push({
      ...base,
      kind: 'list',
      method: e.list.method,
      path: e.list.path,
      permission: list(e.list.permission),
      ...(e.list.external ? { external: true } : {}),
    });
  for (const [name, v] of Object.entries(r.views ?? {}))
    out.push({
      ...base,
      kind: 'list',
      view: name,
      method: v.method,
      path: v.path,
      permission: list(v.permission),
    });
  for (const [name, a] of Object.entries(r.aggregates ?? {}))
    out.push({
      ...base,
      kind: 'aggregate',
      aggregate: name,
      method: a.method,
      path: a.path,
      permission: list(a.permission),
    });
  if (e.all)
    out.push({
      ...base,
      kind: 'all',
      method: e.all.method,
      path: e.all.path,
      permission: list(e.all.permission),
    });
  for (const kind of ['get', 'update', 'delete'] as const) {
    const ep = e[kind];
    if (!ep) continue;
    const field = ep.key ?? r.primaryKey;
    out.push({
      ...base,
      kind,
      method: ep.method,
      path: ep.path,
      permission: list(ep.permission),
      key: keyIn(ep.path, ep.method, field),
      ...(ep.external ? { external: true } : {}),
    });
  }
  if (e.create)
    out.push({
      ...base,
      kind: 'create',
      method: e.create.method,
      path: e.create.path,
      permission: list(e.create.permission),
      ...(e.create.external ? { external: true } : {}),
    });
  const transitionCodes = unique((r.states?.transitions ?? []).flatMap((t) => list(t.permission)));
  if (e.transition) {
    const field = e.transition.key ?? r.primaryKey;
    out.push({
      ...base,
      kind: 'transition',
      method: e.transition.method,
      path: e.transition.path,
      permission: transitionCodes,
      key: keyIn(e.transition.path, e.transition.method, field),
      ...(e.transition.external ? { external: true } : {}),
    });
  }
  if (e.batchTransition) {
    out.push({
      ...base,
      kind: 'batchTransition',
      method: e.batchTransition.method,
      path: e.batchTransition.path,
      permission: transitionCodes,
    });
  }
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    const key = { field: r.primaryKey, in: 'params' as const };
    out.push({
      ...base,
      kind: 'relationGet',
      relation: name,
      method: rel.get.method,
      path: rel.get.path,
      permission: list(rel.get.permission),
      key,
    });
    out.push({
      ...base,
      kind: 'relationSet',
      relation: name,
      method: rel.set.method,
      path: rel.set.path,
      permission: list(rel.set.permission),
      key,
    });
  }
  return out;
}

/** The permission codes and page uris a resource names (the lint checks each against the menu seed). */
export function resourcePermissions(r: ResourceDef): { path: string; code: string }[] {
  const out: { path: string; code: string }[] = [];
  const push = (path: string, p: Permission) =>
    list(p).forEach((code, i) => {
      out.push({ path: Array.isArray(p) ? `${path}/${i}` : path, code });
    });
  for (const [kind, ep] of Object.entries(r.endpoints)) {
    if (ep && 'permission' in ep) push(`/endpoints/${kind}/permission`, ep.permission as Permission);
    const by = ep && 'permissionBy' in ep ? ep.permissionBy : undefined;
    for (const [value, code] of Object.entries(by?.codes ?? {}))
      push(`/endpoints/${kind}/permissionBy/codes/${value}`, code);
  }
  (r.states?.transitions ?? []).forEach((t, i) => {
    push(`/states/transitions/${i}/permission`, t.permission);
  });
  if (r.unmaskPermission) push('/unmaskPermission', r.unmaskPermission);
  for (const [name, a] of Object.entries(r.aggregates ?? {}))
    push(`/aggregates/${name}/permission`, a.permission);
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    push(`/relations/${name}/get/permission`, rel.get.permission);
    push(`/relations/${name}/set/permission`, rel.set.permission);
  }
  return out;
}
