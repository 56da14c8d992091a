import type { ArrayField } from '@formily/core';
import { loadResource } from '../catalogue';
import { resourceProvider } from '../data/provider';
import { resolveReference, type ResolvedReference, resolveWhere } from '@/schema/references';
import type { LineSourceDef, ReferenceDef } from '@/generated/schema-files';
import type { ResourceDef, Row } from '../schema-types';

/** What LinePicker and LineScanner share: the referenced resource and how a row becomes a line. */
export interface LineSource {
  def: ResourceDef;
  ref: ResolvedReference;
  addBy: LineSourceDef;
}

/** The title of the header field the lines' picker still waits for ("$header.x" empty), if any. */
export function missingHeader(source: LineSource | undefined, array: ArrayField): string | undefined {
  if (!source) return undefined;
  const missing = resolveWhere(source.ref.where, array.form.values as Row).missing;
  if (!missing) return undefined;
  return String(array.form.query(missing).take()?.title ?? missing);
}

export async function loadLineSource(addBy: LineSourceDef, reference: ReferenceDef): Promise<LineSource> {
  const def = await loadResource(reference.resource);
  return { def, ref: resolveReference(reference, def), addBy };
}

/**
 * One page of the referenced resource's list, with the reference's `where` applied ("$header.x" read
 * from the document's header; the callers check `missingHeader` first).
 */
export async function listSource(
  source: LineSource,
  filters: Row,
  pageNo: number,
  pageSize: number,
  header: Row,
) {
  const all: Row = { ...filters };
  for (const [k, v] of Object.entries(resolveWhere(source.ref.where, header).values))
    all[k] = source.def.filters?.[k]?.op === 'in' ? (Array.isArray(v) ? v : [v]) : v;
  return resourceProvider(source.def, source.ref.view).getList({ pageNo, pageSize, sort: [], filters: all });
}

/**
 * Adds rows of the referenced resource as lines: a row already on a line adds 1 to its quantity
 * (when the child names one), a new row starts a line with its copied fields and quantity 1.
 * Returns how many lines were added and how many were counted up.
 */
export function addRowsAsLines(array: ArrayField, source: LineSource, rows: Row[]) {
  const { field, quantity } = source.addBy;
  let added = 0;
  let counted = 0;
  for (const row of rows) {
    const value = row[source.ref.value];
    const lines = (array.value ?? []) as Row[];
    const at = lines.findIndex((l) => l[field] === value);
    if (at >= 0) {
      if (quantity) {
        const current = Number(lines[at]![quantity] ?? 0);
        array.form.setValuesIn(`${array.address.entire}.${at}.${quantity}`, current + 1);
        counted++;
      }
      continue;
    }
    const line: Row = { [field]: value };
    for (const [to, from] of Object.entries(source.ref.copy)) line[to] = row[from];
    if (quantity) line[quantity] = 1;
    void array.push(line);
    added++;
  }
  return { added, counted };
}
