import type { ValueType } from '@/generated/schema-files';

export type { ValueType };

/**
 * The column value types of page.schema.json (#/definitions/column/valueType) as a list, for the
 * run-time check of a page file's string. The type comes from the meta-schema (the registry's cell map
 * is keyed by it, so a value type added there without a widget fails to compile); `satisfies` refuses
 * an entry the meta-schema lacks, and tests/unit/renderer/registry.test.tsx checks none is missing.
 */
export const VALUE_TYPES = [
  'text',
  'money',
  'quantity',
  'digit',
  'date',
  'dateTime',
  'time',
  'enum',
  'image',
  'link',
  'tags',
  'boolean',
  'fileSize',
  'richText',
  'percent',
] as const satisfies readonly ValueType[];

export function isValueType(key: string): key is ValueType {
  return (VALUE_TYPES as readonly string[]).includes(key);
}
