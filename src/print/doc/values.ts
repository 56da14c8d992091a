import type { FieldDef, PrintCondition, PrintDef } from '@/generated/schema-files';
import { enumDef, enumItem } from '@/renderer/catalogue';
import type { ResourceDef, Row } from '@/renderer/schema-types';
import { type PrintFields, printFields } from '@/schema/print-handover';
import {
  formatDate,
  formatMinute,
  formatMoney,
  formatQuantity,
  formatText,
  moneyInCapitals,
  total,
} from '../format';
import { printValue } from '../schema-values';

/**
 * How a print file's values become printed text (schemas/meta/print.schema.json): field paths,
 * formats, templates, computed values over the lines and conditions. Pure: the sheet and the loader
 * share it.
 */
export const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** A field of an object, dotted for a nested one (referOrder.purchaseCode). */
export function valueAt(row: Row | undefined, path: string): unknown {
  let v: unknown = row;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Row)[part] : undefined;
  return v;
}

/** Phone numbers print as 138****5678 (a number already masked by the server stays as it is). */
const mask = (v: unknown) => String(v).replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** The printed text of a value in a named format; blanks print ''. */
export function formatAs(format: string, v: unknown): string {
  if (isBlank(v)) return '';
  if (format.startsWith('enum:')) {
    const def = enumDef(format.slice(5));
    return (def && enumItem(def, v)?.label) ?? String(v);
  }
  switch (format) {
    case 'money':
      return formatMoney(v);
    case 'quantity':
      return formatQuantity(v);
    case 'date':
      return formatDate(v);
    case 'minute':
      return formatMinute(v);
    case 'capitals':
      return moneyInCapitals(Number(v));
    case 'mask':
      return mask(v);
    case 'count':
      return Array.isArray(v) ? String(v.length) : '';
    case 'number':
    case 'codes':
      return String(v);
    default:
      return formatText(v);
  }
}

/** One document being printed: its file, resource, data, lines and computed values. */
export interface PrintDoc {
  print: PrintDef;
  resource: ResourceDef;
  row: Row;
  /** The printed lines: filtered and ordered. */
  lines: Row[];
  values: Record<string, unknown>;
  /** The route parameter. */
  param: string;
}

const known = new WeakMap<PrintDef, PrintFields>();

/** The document's and lines' fields with the resource fields they print by (print-handover.ts), once per file. */
function fieldsOf(print: PrintDef, resource: ResourceDef): PrintFields {
  let fields = known.get(print);
  if (!fields) known.set(print, (fields = printFields(print, resource)));
  return fields;
}

/** The definition a line field prints by: the child's, or the resource's for handed-over rows. */
export const lineField = (print: PrintDef, resource: ResourceDef, field: string): FieldDef | undefined =>
  fieldsOf(print, resource).line.get(field);

/** The format a field prints with: given here, else the file's formats, else from the field's definition. */
export function formatOf(print: PrintDef, field: string, explicit?: string): string | undefined {
  return explicit ?? print.formats?.[field];
}

/** A document field as printed. */
export function docText(doc: PrintDoc, field: string, explicit?: string): string {
  const v = valueAt(doc.row, field);
  const format = formatOf(doc.print, field, explicit);
  return format ? formatAs(format, v) : printValue(fieldsOf(doc.print, doc.resource).doc.get(field), v);
}

/** A line field as printed. */
export function lineText(doc: PrintDoc, line: Row, field: string, explicit?: string): string {
  const v = line[field];
  const format = formatOf(doc.print, field, explicit);
  return format ? formatAs(format, v) : printValue(lineField(doc.print, doc.resource, field), v);
}

/** Decimals a sum of a line field keeps: 3 for quantities, 2 otherwise. */
export function sumDigits(print: PrintDef, resource: ResourceDef, field: string): 2 | 3 {
  const format = formatOf(print, field);
  if (format) return format === 'quantity' ? 3 : 2;
  return lineField(print, resource, field)?.['x-validator'] === 'quantity' ? 3 : 2;
}

/** Whether a condition holds for a line or the document (values: the computed ones). */
export function holds(c: PrintCondition, row: Row, values: Record<string, unknown> = {}): boolean {
  const v = c.value ? values[c.value] : c.field ? valueAt(row, c.field) : undefined;
  if (c.eq !== undefined) return v === c.eq;
  if (c.ne !== undefined) return v !== c.ne;
  if (c.in) return c.in.includes(v as never);
  if (c.empty !== undefined) return isBlank(v) === c.empty;
  return !isBlank(v);
}

/** The computed values of a document over its printed lines. */
export function computeValues(print: PrintDef, resource: ResourceDef, lines: Row[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, c] of Object.entries(print.values ?? {})) {
    const rows = c.where ? lines.filter((l) => holds(c.where!, l)) : lines;
    if (c.op === 'count') out[name] = rows.length;
    else if (c.op === 'sum')
      out[name] = total(
        rows.map((l) => l[c.field!]),
        sumDigits(print, resource, c.field!),
      );
    else
      out[name] = [...new Set(rows.map((l) => formatText(l[c.field!])).filter((s) => s !== '-'))].join('、');
  }
  return out;
}

/**
 * A template's text: {param}, computed values, and fields (of the line when given, else of the
 * document) as they print alone; a blank field prints `blank`.
 */
export function fillTemplate(doc: PrintDoc, template: string, line?: Row, blank = ''): string {
  return template.replace(/\{([A-Za-z$][A-Za-z0-9.]*)\}/g, (_, name: string) => {
    if (name === 'param') return doc.param;
    if (Object.hasOwn(doc.values, name)) return String(doc.values[name] ?? '');
    const text = line ? lineText(doc, line, name) : docText(doc, name);
    return text === '' ? blank : text;
  });
}
