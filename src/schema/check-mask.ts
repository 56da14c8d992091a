import { resolveReference } from './references';
import { filterFields } from './filters';
import type { Catalog, FieldDef, ResourceDef } from './types';

type Add = (path: string, message: string) => void;

const esc = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');

/** The masked columns of every resource's own table: table → column → mask kind. */
function maskedColumns(catalog: Catalog): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const note = (table: string, fields: Record<string, FieldDef>) => {
    for (const [name, f] of Object.entries(fields)) {
      if (!f['x-mask'] || f['x-lookup']) continue;
      if (!out.has(table)) out.set(table, new Map());
      out.get(table)!.set(f['x-column'] ?? name, f['x-mask']);
    }
  };
  for (const r of catalog.resources.values()) {
    note(r.table, r.fields);
    for (const c of Object.values(r.children ?? {})) note(c.table, c.fields);
  }
  return out;
}

/**
 * Masked personal data (x-mask, server/resources/masking.ts): a string field no update writes back
 * (the edit form would send the mask), never searched by substring (probing digit by digit would
 * reveal it), and every copy or look-up of a masked value elsewhere masked the same way, so the full
 * value cannot leak through another resource. unmaskPermission only where something is masked.
 */
export function checkMasking(catalog: Catalog, r: ResourceDef, add: Add): void {
  const columns = maskedColumns(catalog);
  let masked = 0;
  const fieldsOf: [string, Record<string, FieldDef>, boolean][] = [
    ['', r.fields, false],
    ...Object.entries(r.children ?? {}).map(
      ([n, c]) => [`/children/${esc(n)}`, c.fields, true] as [string, Record<string, FieldDef>, boolean],
    ),
  ];
  for (const [base, fields, isLine] of fieldsOf) {
    for (const [name, f] of Object.entries(fields)) {
      const at = `${base}/fields/${esc(name)}`;
      const kind = f['x-mask'];
      if (kind) {
        masked++;
        if (f.type !== 'string') add(`${at}/x-mask`, 'only string fields can be masked');
        if (!f.readOnly && (isLine || !f['x-immutable']))
          add(
            `${at}/x-mask`,
            isLine
              ? 'a masked line field must be readOnly (lines are written back whole)'
              : 'a masked field must be readOnly or x-immutable (an edit form would send the mask back)',
          );
      }
      const ref = f['x-reference'];
      const target = ref && catalog.resources.get(ref.resource);
      if (ref && target) {
        for (const [to, from] of Object.entries(resolveReference(ref, target).copy)) {
          const theirs = target.fields[from]?.['x-mask'];
          if (theirs && fields[to]?.['x-mask'] !== theirs)
            add(
              `${at}/x-reference/copy/${esc(to)}`,
              `${ref.resource}.${from} is masked: give "${to}" "x-mask": "${theirs}"`,
            );
        }
      }
      const lookup = f['x-lookup'];
      const theirs = lookup && columns.get(lookup.table)?.get(lookup.column);
      if (theirs && kind !== theirs)
        add(
          `${at}/x-lookup`,
          `${lookup!.table}.${lookup!.column} is masked: give "${name}" "x-mask": "${theirs}"`,
        );
    }
  }
  for (const [key, flt] of Object.entries(r.filters ?? {})) {
    if (flt.op !== 'contains') continue;
    const hit = (flt.fields ?? [flt.field ?? key]).find((n) => filterFields(r, flt)[n]?.['x-mask']);
    if (hit) add(`/filters/${esc(key)}/op`, `"${hit}" is masked: search it with eq, not contains`);
  }
  if (r.unmaskPermission && !masked) add('/unmaskPermission', 'no field of this resource has x-mask');
}
