import type { PrintDef, PrintEndpoint } from '../generated/schema-files';
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
 * the endpoints a get or lookup needs, a named endpoint says where its key goes.
 */
export function checkSource(p: PrintDef, r: ResourceDef, add: Add): void {
  const s = p.source ?? { type: 'get' as const };
  const only = (prop: keyof typeof s, type: string) => {
    if (s[prop] !== undefined && s.type !== type)
      add(`/source/${prop}`, `"${prop}" is for source type "${type}"`);
  };
  only('lookup', 'get');
  only('endpoint', 'endpoint');
  only('kind', 'storage');
  only('each', 'storage');
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
  if (s.type === 'storage') {
    if (!s.kind) add('/source', 'source type "storage" needs the kind of stored print data');
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
