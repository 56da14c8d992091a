import type { Field, GeneralField } from '@formily/core';
import { computeDocument, computeProducts } from '@/schema/computed';
import type { ChildDef, ResourceDef, Row } from '../schema-types';

/**
 * Live figures for the computed fields of a form (x-computed: product, sum, lines): a Formily reaction
 * that recomputes the field whenever a value it reads changes, with the same functions the server
 * uses (src/schema/computed.ts), so what the user sees while typing is what the server will store.
 * The field is shown read-only and never sent (form/values.ts): the server computes it again.
 */
export function computedReaction(r: ResourceDef, name: string, line?: ChildDef) {
  return (general: GeneralField) => {
    const field = general as Field;
    if (line) {
      // itemList.3.amount → the line object itemList.3
      const base = field.address.entire.toString().split('.').slice(0, -1).join('.');
      const values = (field.form.getValuesIn(base) ?? {}) as Row;
      field.value = computeProducts(line.fields, values)[name] ?? undefined;
      return;
    }
    const values = field.form.values as Row;
    const lines: Record<string, Row[]> = {};
    for (const key of Object.keys(r.children ?? {})) {
      if (Array.isArray(values[key])) lines[key] = values[key] as Row[];
    }
    field.value = computeDocument(r, values, lines).header[name] ?? undefined;
  };
}
