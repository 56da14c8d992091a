import type { PrintTotal } from '@/generated/schema-files';
import { total } from '../format';
import { fillTemplate, holds, isBlank, lineText, type PrintDoc, sumDigits, valueAt } from './values';

/**
 * The totals row, by column key. A sum covers the printed lines (those matching where) and prints
 * only when one of them has a value (a quantity nobody filled in has no total), unless always; from
 * takes the document's own total instead of summing.
 */
export function printTotals(doc: PrintDoc): Record<string, string | null> | undefined {
  const totals = doc.print.lines?.totals;
  if (!totals?.length) return undefined;
  const out: Record<string, string | null> = {};
  for (const entry of totals) {
    const t: PrintTotal = typeof entry === 'string' ? { field: entry } : entry;
    if (t.template) {
      out[t.field] = fillTemplate(doc, t.template);
      continue;
    }
    const counted = t.where ? doc.lines.filter((l) => holds(t.where!, l)) : doc.lines;
    if (!t.always && !counted.some((l) => !isBlank(l[t.field]))) {
      out[t.field] = null;
      continue;
    }
    const value = t.from
      ? valueAt(doc.row, t.from)
      : total(
          counted.map((l) => l[t.field]),
          sumDigits(doc.print, doc.resource, t.field),
        );
    out[t.field] = lineText(doc, { [t.field]: value }, t.field);
  }
  return out;
}
