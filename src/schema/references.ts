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
  where: Record<string, string | number | boolean>;
  copy: Record<string, string>;
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
