import type { FieldDef } from '@/generated/schema-files';
import { enumDef, enumItem } from '@/renderer/catalogue';
import { formatBoolean, formatDate, formatMoney, formatQuantity, formatText } from '@/schema/format';
import { formatMinute } from './format';

/** The printed text of a field's value (SPEC 9): enum labels, money 2 and quantities 3 decimals, dates. */
export function printValue(f: FieldDef | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (!f) return formatText(v);
  const en = f['x-enum'] ? enumDef(f['x-enum']) : undefined;
  if (en) return enumItem(en, v)?.label ?? String(v);
  if (f.type === 'boolean') return formatBoolean(v);
  if (f.type === 'number') {
    if (f['x-validator'] === 'quantity') return formatQuantity(v);
    return formatMoney(v);
  }
  if (f.format === 'date') return formatDate(v);
  if (f.format === 'date-time') return formatMinute(v);
  return formatText(v);
}

/** Decimals a total of this field prints with (3 for quantities, 2 otherwise). */
export const totalDigits = (f: FieldDef | undefined): 2 | 3 => (f?.['x-validator'] === 'quantity' ? 3 : 2);
