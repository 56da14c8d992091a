import type { FieldDef, ReferenceDef, ResourceDef } from '../generated/schema-files';
import { storedComputed } from './computed';

/**
 * References between resources (issue 12.7, `x-reference`): what a field refers to, spelled out with
 * its defaults. Pure; the server checks and copies (server/resources/references.ts), the renderer
 * picks (widgets/ReferencePicker.tsx), the lint checks the names.
 */
export interface ResolvedReference {
  resource: string;
  /** The referenced resource's field held here. */
  value: string;
  label: string;
  code?: string;
  /** The referenced resource's list filter the typed text goes to. */
  search: string;
  where: Record<string, string | number | boolean | (string | number)[]>;
  copy: Record<string, string>;
  /** The scenario list (the target's `views`) pickers page through, if not its list. */
  view?: string;
}

export function resolveReference(ref: ReferenceDef, target: ResourceDef): ResolvedReference {
  return {
    resource: ref.resource,
    value: ref.value ?? target.primaryKey,
    label: ref.label ?? target.displayField ?? target.primaryKey,
    ...(ref.code ? { code: ref.code } : {}),
    search: ref.search ?? 'keyword',
    where: ref.where ?? {},
    copy: ref.copy ?? {},
    ...(ref.view ? { view: ref.view } : {}),
  };
}

/** Fields the server fills on a write rather than the request: computed figures and copied names. */
export function serverFilledFields(fields: Record<string, FieldDef>): Set<string> {
  const out = new Set(storedComputed(fields).map(([n]) => n));
  for (const f of Object.values(fields))
    for (const target of Object.keys(f['x-reference']?.copy ?? {})) out.add(target);
  return out;
}

/** What the picker shows for a referenced row: "code name", or the name alone. */
export function referenceText(
  ref: Pick<ResolvedReference, 'label' | 'code'>,
  row: Record<string, unknown>,
): string {
  const label = String(row[ref.label] ?? '');
  const code = ref.code ? row[ref.code] : undefined;
  return code === undefined || code === null || code === '' ? label : `${String(code)} ${label}`;
}

/**
 * A `where` value read from the document's header: "$header.supplierId" (a line's picker). On a field of
 * the header itself it reads the document's own field ("$header.storeId": an employee of the row's store).
 */
export const HEADER_PREFIX = '$header.';

export const headerField = (v: unknown): string | undefined =>
  typeof v === 'string' && v.startsWith(HEADER_PREFIX) ? v.slice(HEADER_PREFIX.length) : undefined;

/**
 * The document fields the references of these fields read through "$header.x": a transition form keeps
 * them among its values (not sent), so its picker lists what the row allows (an employee of its store).
 */
export function headerReads(fields: Record<string, FieldDef>, names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const n of names)
    for (const v of Object.values(fields[n]?.['x-reference']?.where ?? {})) {
      const from = headerField(v);
      if (from !== undefined) out.add(from);
    }
  return [...out];
}

/**
 * A reference's `where` with "$header.x" values taken from the document's header (e.g. only the chosen
 * supplier's commodities). `missing` names the first header field that is still empty: the picker
 * waits for it, the server refuses the line.
 */
export function resolveWhere(
  where: Record<string, string | number | boolean | (string | number)[]>,
  header: Record<string, unknown> | undefined,
): { values: Record<string, unknown>; missing?: string } {
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(where)) {
    const from = headerField(v);
    if (from === undefined) values[k] = v;
    else {
      const got = header?.[from];
      if (got === undefined || got === null || got === '') return { values, missing: from };
      values[k] = got;
    }
  }
  return { values };
}

/**
 * The tree resource an `under` filter walks and the field of it that the filtered field holds (what
 * the tree's parent field refers to, e.g. the category code): the filter's `tree`, else the field's
 * x-reference. Undefined when neither names a resource with a tree, or when the field's reference
 * holds another field of it (the subtree could not be compared).
 */
export function treeOfFilter(
  catalog: { resources: Map<string, ResourceDef> },
  field: FieldDef | undefined,
  filter: { tree?: string },
): { resource: ResourceDef; key: string } | undefined {
  const name = filter.tree ?? field?.['x-reference']?.resource;
  const target = name ? catalog.resources.get(name) : undefined;
  const parentRef = target?.tree ? target.fields[target.tree.parent]?.['x-reference'] : undefined;
  if (!target || !parentRef) return undefined;
  const key = resolveReference(parentRef, target).value;
  const own = field?.['x-reference'];
  if (!filter.tree && own && resolveReference(own, target).value !== key) return undefined;
  return { resource: target, key };
}
