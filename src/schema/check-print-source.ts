import type { PrintDef, PrintEndpoint, PrintSource } from '../generated/schema-files';
import { pathParams } from './routes';
import type { ResourceDef } from './types';

type Add = (path: string, message: string) => void;

/** A named endpoint: the key goes where it says (one path placeholder, or a name in query or body). */
export function checkEndpoint(ep: PrintEndpoint, at: string, add: Add): void {
  const params = pathParams(ep.path);
  if (ep.key === 'path' && params.length !== 1)
    add(`${at}/path`, `key "path" needs exactly one :placeholder in "${ep.path}", found ${params.length}`);
  if (ep.key !== 'path' && params.length)
    add(`${at}/path`, `key "${ep.key}" leaves no :placeholder to fill in "${ep.path}"`);
  if (ep.key === 'body' && ep.method === 'GET') add(`${at}/key`, 'a GET request has no body');
  if (ep.key !== 'path' && !ep.name) add(`${at}/name`, `key "${ep.key}" needs the key's name`);
}

/**
 * Where a printed document comes from (PrintSource): the properties fit the type, the resource has
 * the endpoints a get, lookup or gathering needs, a named endpoint says where its key goes, a
 * handed-over document maps fields the resource has.
 */
export function checkSource(p: PrintDef, r: ResourceDef, add: Add): void {
  const s = p.source ?? { type: 'get' as const };
  const only = (prop: keyof typeof s, type: string) => {
    if (s[prop] !== undefined && s.type !== type)
      add(`/source/${prop}`, `"${prop}" is for source type "${type}"`);
  };
  only('lookup', 'get');
  only('endpoint', 'endpoint');
  for (const prop of ['storage', 'gather', 'selection', 'map', 'lines', 'required', 'each'] as const)
    only(prop, 'storage');
  if (s.type === 'get') {
    if (!r.endpoints.get) add('/source', `resource "${r.name}" has no get endpoint to load the document`);
    if (s.lookup) {
      if (!r.endpoints.list)
        add('/source/lookup', `resource "${r.name}" has no list endpoint to look the row up`);
      if (!r.filters?.[s.lookup])
        add('/source/lookup', `resource "${r.name}" has no filter "${s.lookup}" to look the row up by`);
    }
  }
  if (s.type === 'endpoint') {
    if (!s.endpoint) add('/source', 'source type "endpoint" needs an endpoint');
    else checkEndpoint(s.endpoint, '/source/endpoint', add);
  }
  if (s.by !== undefined && !Object.hasOwn(r.fields, s.by))
    add('/source/by', `"${s.by}" is not a field of resource "${r.name}"`);
  if (s.type === 'storage') {
    checkHandOver(s, r, add);
    if (s.each) {
      checkEndpoint(s.each.fetch, '/source/each/fetch', add);
      if (!s.each.several.includes('{count}')) add('/source/each/several', 'says nothing without {count}');
    }
  }
  if (s.paramPattern !== undefined) {
    try {
      new RegExp(s.paramPattern);
    } catch {
      add('/source/paramPattern', `"${s.paramPattern}" is not a regular expression`);
    }
  }
}

/**
 * A storage source: what a list page's print gathers (the resource's get endpoint, or its list and the
 * filter to gather by), and every mapped field the resource (or the child) it reads has.
 */
function checkHandOver(s: PrintSource, r: ResourceDef, add: Add): void {
  if (!s.gather) add('/source', 'source type "storage" needs gather (what a list page hands over)');
  if (!s.by) add('/source', 'source type "storage" needs by (the row field naming the sheet)');
  if (s.gather === 'get' && !r.endpoints.get)
    add('/source/gather', `resource "${r.name}" has no get endpoint to read the row by`);
  if (s.gather === 'same') {
    if (!r.endpoints.list)
      add('/source/gather', `resource "${r.name}" has no list endpoint to gather rows from`);
    if (s.by && !r.filters?.[s.by])
      add('/source/by', `resource "${r.name}" has no filter "${s.by}" to gather the rows by`);
  }
  for (const [name, from] of Object.entries(s.map ?? {})) {
    const field = typeof from === 'string' ? from : from.list;
    if (!Object.hasOwn(r.fields, field))
      add(
        `/source/map/${name}${typeof from === 'string' ? '' : '/list'}`,
        `"${field}" is not a field of resource "${r.name}"`,
      );
    if (typeof from !== 'string' && s.gather === 'get')
      add(`/source/map/${name}`, 'gather "get" reads one row: a list of a field needs gathered rows');
  }
  (s.required ?? []).forEach((name, i) => {
    if (!Object.hasOwn(s.map ?? {}, name)) add(`/source/required/${i}`, `"${name}" is not in source.map`);
  });
  const lines = s.lines;
  if (!lines) return;
  const child = s.gather === 'get' ? lines.from : undefined;
  if (s.gather === 'get' && !child)
    add('/source/lines', 'gather "get" needs lines.from (the child holding the lines)');
  if (s.gather !== 'get' && lines.from)
    add('/source/lines/from', 'gathered rows are the lines themselves: no from');
  const defs = child === undefined ? r.fields : r.children?.[child]?.fields;
  if (!defs) return add('/source/lines/from', `resource "${r.name}" has no child "${child ?? ''}"`);
  const where = child ? `the lines "${child}" of resource "${r.name}"` : `resource "${r.name}"`;
  for (const [name, from] of Object.entries(lines.map))
    if (!Object.hasOwn(defs, from)) add(`/source/lines/map/${name}`, `"${from}" is not a field of ${where}`);
  (lines.required ?? []).forEach((name, i) => {
    if (!Object.hasOwn(lines.map, name))
      add(`/source/lines/required/${i}`, `"${name}" is not in source.lines.map`);
  });
}
