import type { FieldDef, PrintDef, PrintMapList, PrintSource } from '../generated/schema-files';
import { resourceRoutes } from './routes';
import type { ResourceDef } from './types';

/**
 * What a print file's storage source hands over (schemas/meta/print.schema.json PrintSource: gather,
 * by, selection, map, lines, required): which rows a list page's print gathers, the data it stores
 * (only the mapped fields) and whether stored data is whole. Pure: the list page's print action
 * writes with it, the print page reads back with it, the lint checks the same fields.
 */
type Row = Record<string, unknown>;

/** The fields of a print file's document and lines, each with the resource field it comes from. */
export interface PrintFields {
  /** The document's fields by print name (dotted for nested), with the definition they print by. */
  doc: Map<string, FieldDef | undefined>;
  /** The line fields by print name. */
  line: Map<string, FieldDef | undefined>;
}

/** Whether a list page hands the file's data over in browser storage (source type storage). */
export const handsOver = (p: PrintDef): p is PrintDef & { source: PrintSource } =>
  p.source?.type === 'storage';

/** Whether the handed-over data is the document itself (not keys of documents fetched one by one). */
export const isStoredDoc = (p: PrintDef): p is PrintDef & { source: PrintSource } =>
  handsOver(p) && !p.source.each;

const isList = (v: string | PrintMapList): v is PrintMapList => typeof v === 'object';

/** The fields the resource's rows (or the gathered row's child lines) have, for a handed-over print. */
function sourceDefs(r: ResourceDef, child?: string): Record<string, FieldDef> | undefined {
  return child === undefined ? r.fields : r.children?.[child]?.fields;
}

/**
 * The document and line fields a print file may name. Handed over: exactly the mapped ones. Loaded
 * (get, endpoint, each): the resource's fields and children plus source.fields; the lines' fields are
 * the child's plus lines.fields.
 */
export function printFields(p: PrintDef, r: ResourceDef): PrintFields {
  const doc = new Map<string, FieldDef | undefined>();
  const line = new Map<string, FieldDef | undefined>();
  const s = p.source;
  if (s && isStoredDoc(p)) {
    for (const [name, from] of Object.entries(s.map ?? {}))
      doc.set(name, isList(from) ? undefined : r.fields[from]);
    const lineDefs = sourceDefs(r, s.gather === 'get' ? s.lines?.from : undefined) ?? {};
    for (const [name, from] of Object.entries(s.lines?.map ?? {})) line.set(name, lineDefs[from]);
  } else {
    for (const [name, f] of Object.entries(r.fields)) doc.set(name, f);
    for (const name of [...Object.keys(r.children ?? {}), ...(s?.fields ?? [])])
      if (!doc.has(name)) doc.set(name, undefined);
    for (const [name, f] of Object.entries(r.children?.[p.lines?.child ?? '']?.fields ?? {}))
      line.set(name, f);
  }
  for (const name of p.lines?.fields ?? []) if (!line.has(name)) line.set(name, undefined);
  return { doc, line };
}

/** Whether a document field names one of the fields (a nested path by its whole name or its head). */
export const hasDocField = (fields: PrintFields, path: string) =>
  fields.doc.has(path) || fields.doc.has(path.split('.')[0]!);

/** The row field a list page's print passes as the route parameter. */
export function printKeyField(p: PrintDef, r: ResourceDef): string {
  const s = p.source;
  if (s?.by) return s.by;
  if (s?.type === 'get' && s.lookup) return s.lookup;
  const placeholder =
    s?.type === 'endpoint' && s.endpoint?.key === 'path' && /:([A-Za-z0-9]+)/.exec(s.endpoint.path);
  if (placeholder) return placeholder[1]!;
  return resourceRoutes(r).find((x) => x.kind === 'get')?.key?.field ?? r.primaryKey;
}

/** The path of a print file's page for one route parameter. */
export function printPath(p: PrintDef, param: string): string {
  const route = p.route ?? `/print/doc/${p.name}/:key`;
  return route.replace(/:[A-Za-z0-9]+$/, encodeURIComponent(param));
}

/** The code of a sheet made of selected rows: prefix and the China-time instant to the millisecond. */
export function selectionCode(prefix: string, now = Date.now()): string {
  return `${prefix}-${new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 17)}`;
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function setPath(target: Row, path: string, value: unknown) {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Row;
  at[parts[parts.length - 1]!] = value;
}

function getPath(row: unknown, path: string): unknown {
  let v = row;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Row)[part] : undefined;
  return v;
}

/** The value all rows share, else null (a selection over several receipts has no one receipt). */
function shared(rows: Row[], field: string): unknown {
  const values = new Set(rows.map((r) => r[field] ?? null));
  return values.size === 1 ? [...values][0] : null;
}

/**
 * The data handed over for what was gathered: the row read by get (doc), or the gathered rows. Only
 * the mapped fields, the lines under lines.child.
 */
export function handOverData(
  p: PrintDef & { source: PrintSource },
  gathered: { doc?: Row; rows: Row[] },
): Row {
  const s = p.source;
  const out: Row = {};
  for (const [name, from] of Object.entries(s.map ?? {})) {
    const value = isList(from)
      ? gathered.rows.map((r) => r[from.list])
      : gathered.doc
        ? (gathered.doc[from] ?? null)
        : shared(gathered.rows, from);
    setPath(out, name, value);
  }
  if (s.lines && p.lines) {
    const raw = gathered.doc ? gathered.doc[s.lines.from ?? ''] : gathered.rows;
    const lines = Array.isArray(raw) ? (raw as Row[]) : [];
    out[p.lines.child] = lines.map((l) =>
      Object.fromEntries(Object.entries(s.lines!.map).map(([name, from]) => [name, l[from] ?? null])),
    );
  }
  return out;
}

/** A stored value fits its field's type (blank always fits: required says whether it may be). */
function fits(def: FieldDef | undefined, v: unknown): boolean {
  if (v === null || v === undefined) return true;
  switch (def?.type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    default:
      return true;
  }
}

/**
 * Whether handed-over data is whole: every mapped value of its field's type, required ones not blank
 * (a list not empty), and at least one line when the file hands lines over. A hand-edited or
 * old-format entry is not: the print page calls it stale.
 */
export function isWholeHandOver(
  p: PrintDef & { source: PrintSource },
  r: ResourceDef,
  data: unknown,
): boolean {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const s = p.source;
  const required = new Set(s.required ?? []);
  for (const [name, from] of Object.entries(s.map ?? {})) {
    const v = getPath(data, name);
    if (isList(from)) {
      if (!Array.isArray(v) || (required.has(name) && !v.length)) return false;
      if (!v.every((x) => !isBlank(x) && fits(r.fields[from.list], x))) return false;
    } else if (!fits(r.fields[from], v) || (required.has(name) && isBlank(v))) return false;
  }
  if (!s.lines || !p.lines) return true;
  const lines = (data as Row)[p.lines.child];
  if (!Array.isArray(lines) || !lines.length) return false;
  const defs = sourceDefs(r, s.gather === 'get' ? s.lines.from : undefined) ?? {};
  const lineRequired = new Set(s.lines.required ?? []);
  return lines.every(
    (l) =>
      !!l &&
      typeof l === 'object' &&
      Object.entries(s.lines!.map).every(
        ([name, from]) =>
          fits(defs[from], (l as Row)[name]) && !(lineRequired.has(name) && isBlank((l as Row)[name])),
      ),
  );
}
