import type { ColumnDef, FieldDef } from '../../generated/schema-files';
import { isValueType, type ValueType } from '../value-types';
import { type ResolveContext, type ResolveProblem, type SchemaSource, unknownText } from './context';

/** A column with its defaults filled from the resource (title, enum, width). */
export interface ResolvedColumn extends Omit<ColumnDef, 'title' | 'valueType'> {
  title: string;
  /** A string at run time: an unknown one renders the registry's loud failure, not a blank. */
  valueType: ColumnDef['valueType'] | (string & {});
  /** Where the column is written, for failures (file + JSON path). */
  source: SchemaSource;
}

/** Column widths by value type: numbers, because the virtual table needs numeric sizes. */
export const DEFAULT_WIDTH: Record<ValueType, number> = {
  text: 140,
  money: 120,
  quantity: 120,
  digit: 100,
  date: 110,
  dateTime: 170,
  time: 100,
  enum: 110,
  image: 72,
  link: 180,
  tags: 160,
  boolean: 80,
  fileSize: 100,
  richText: 240,
  percent: 90,
};

/** A sensible value type for a field when a page does not name one (detail children). */
export function guessValueType(f: FieldDef | undefined): ValueType {
  if (!f) return 'text';
  if (f['x-enum']) return 'enum';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'dateTime';
  if (f.format === 'time') return 'time';
  if (f['x-validator'] === 'money') return 'money';
  if (f['x-validator'] === 'quantity') return 'quantity';
  if (f.type === 'boolean') return 'boolean';
  if (f.type === 'array') return 'tags';
  if (f.type === 'integer' || f.type === 'number') return 'digit';
  return 'text';
}

export function resolveColumn(
  ctx: ResolveContext,
  c: ColumnDef,
  fields: Record<string, FieldDef> | undefined,
  file: string,
  path: string,
  problems: ResolveProblem[],
): ResolvedColumn {
  const f = fields?.[c.field];
  const source = { file, path };
  const enumName = c.enum ?? f?.['x-enum'];
  if (!isValueType(c.valueType)) {
    problems.push({ text: unknownText('valueType', c.valueType, source), source });
  } else if (c.valueType === 'enum' && (!enumName || !ctx.enumDef(enumName))) {
    problems.push({ text: unknownText('enum', enumName ?? '', source), source });
  }
  if (fields && !f)
    problems.push({ text: `配置错误：${file} ${path} 的字段“${c.field}”在资源中不存在`, source });
  const width = c.width ?? (isValueType(c.valueType) ? DEFAULT_WIDTH[c.valueType] : 140);
  return { ...c, title: c.title ?? f?.title ?? c.field, enum: enumName, width, source };
}
