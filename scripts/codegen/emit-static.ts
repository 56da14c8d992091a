import { HEADER } from './names';

/**
 * The shared types of the generated modules are hand-written once in src/schema/resolved.ts; this
 * module only re-exports them under the name the generated files import.
 */
export function emitTypes(): string {
  return `${HEADER('scripts/codegen/emit-static.ts')}
export type * from '../schema/resolved';
`;
}

export function emitListHelpers(): string {
  return `${HEADER('scripts/codegen/emit-static.ts')}
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/** Drops untouched search fields ('' and empty lists): the server ignores them anyway, the URL stays short. */
export function compact<T extends object>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (!isEmpty(v)) out[k] = v;
  return out as T;
}

/**
 * A GET list's query (server/resources/query-text.ts): sort as field.order, range bounds joined by a
 * comma so an open end stays in place, other lists as repeated keys.
 */
export function listQuery(params: object, ranges: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(compact(params))) {
    if (k === 'sort' && Array.isArray(v)) out.sort = v.map((s: { field: string; order: string }) => \`\${s.field}.\${s.order}\`);
    else if (ranges.includes(k) && Array.isArray(v)) out[k] = v.map((x) => (x === null || x === undefined ? '' : String(x))).join(',');
    else out[k] = v;
  }
  return out;
}

/** A path parameter, encoded. */
export const seg = (v: string | number) => encodeURIComponent(String(v));
`;
}
