import type { ImportDef } from '../generated/schema-files';
import { createFields } from './request-schemas';
import type { EnumDef, FieldDef, ResourceDef } from './types';

/**
 * A list page's import action (issue 23.3; page toolbar `{ "type": "import", "import": { … } }`):
 * which fields a file's columns carry and how a cell becomes a value of them. Pure, shared by the lint,
 * the browser (the template) and the server (the import job, server/resources/imports).
 */
export const DEFAULT_MAX_IMPORT_ROWS = 1000;

export interface ImportColumn {
  field: string;
  /** The header of the column in the file and the template: the field's title, or the import's `headers` alias. */
  title: string;
  def: FieldDef;
}

export interface ResolvedImport {
  /** Names the import among several of its page (one per file layout). */
  name?: string;
  into?: string;
  columns: ImportColumn[];
  values: Record<string, string | number | boolean>;
  maxRows: number;
  /** Import the valid rows and report the others, instead of nothing unless every row is valid. */
  validRowsOnly: boolean;
}

/** The fields a row may carry: those of the child named by `into`, else of the resource. */
function targetFields(
  r: ResourceDef,
  def: ImportDef,
): { fields: Record<string, FieldDef>; writable: string[] } {
  if (def.into) {
    const child = r.children?.[def.into];
    if (!child) return { fields: {}, writable: [] };
    const fields = child.fields;
    return { fields, writable: Object.keys(fields).filter((n) => !fields[n]!.readOnly) };
  }
  return { fields: r.fields, writable: createFields(r) };
}

export function importProblems(r: ResourceDef, def: ImportDef | undefined): string[] {
  if (!def) return ['an import action needs `import` (columns, and into for lines)'];
  const out: string[] = [];
  if (def.into && !r.children?.[def.into]) out.push(`resource "${r.name}" has no child "${def.into}"`);
  const { writable, fields } = targetFields(r, def);
  for (const c of def.columns)
    if (!writable.includes(c)) out.push(`"${c}" is not a writable field of the rows`);
  for (const k of Object.keys(def.headers ?? {}))
    if (!def.columns.includes(k)) out.push(`headers: "${k}" is not one of the columns`);
  const titles = def.columns.map((c) => def.headers?.[c] ?? fields[c]?.title);
  if (new Set(titles).size !== titles.length)
    out.push('two columns share a title: the file could not tell them apart');
  for (const k of Object.keys(def.values ?? {}))
    if (!createFields(r).includes(k)) out.push(`values: "${k}" is not a writable field of "${r.name}"`);
  return out;
}

export function resolveImport(r: ResourceDef, def: ImportDef): ResolvedImport {
  const { fields } = targetFields(r, def);
  return {
    ...(def.name ? { name: def.name } : {}),
    ...(def.into ? { into: def.into } : {}),
    columns: def.columns.map((field) => ({
      field,
      title: def.headers?.[field] ?? fields[field]?.title ?? field,
      def: fields[field]!,
    })),
    values: def.values ?? {},
    maxRows: def.maxRows ?? DEFAULT_MAX_IMPORT_ROWS,
    validRowsOnly: def.validRowsOnly ?? false,
  };
}

const YES = new Set(['是', 'true', 'TRUE', '1', 'Y', 'y']);
const NO = new Set(['否', 'false', 'FALSE', '0', 'N', 'n']);

/**
 * A cell's text as the field's value, the way a form would have sent it: numbers as numbers, 是/否 as
 * booleans, an enumeration's label as its value, a list split on commas. Text that does not convert
 * stays text, so the validation names the field and says what is wrong, as the form would.
 * `undefined`: an empty cell (the field is left out).
 */
export function cellValue(text: string, f: FieldDef, enumDef?: EnumDef): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  const type = Array.isArray(f.type) ? f.type.find((x) => x !== 'null') : f.type;
  if (enumDef) {
    const item = enumDef.items.find((i) => i.label === t || String(i.value) === t);
    if (item) return item.value;
  }
  switch (type) {
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
    case 'boolean':
      return YES.has(t) ? true : NO.has(t) ? false : t;
    case 'array':
      return t.split(/[,，、;；\s]+/).filter(Boolean);
    default:
      return t;
  }
}

/** The import job's page key of a page's import: '<app>/<page>', or '<app>/<page>:<name>' for a named one. */
export const importKey = (app: string, page: string, name?: string): string =>
  name ? `${app}/${page}:${name}` : `${app}/${page}`;

/** Several imports on one page each need a distinct name (the job says which layout it reads). */
export function importNameProblems(defs: (ImportDef | undefined)[]): string[] {
  if (defs.length < 2) return [];
  const names = defs.map((d) => d?.name);
  if (names.some((n) => !n)) return ['a page with several imports names each (import.name)'];
  return new Set(names).size === names.length ? [] : ['two imports of the page share a name'];
}
