/**
 * The column value types of page.schema.json (#/definitions/column/valueType). The registry's cell map
 * is keyed by this union, so a type added here without a widget fails to compile;
 * tests/unit/renderer/registry.test.ts checks the list against the meta-schema itself.
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
] as const;

export type ValueType = (typeof VALUE_TYPES)[number];

export function isValueType(key: string): key is ValueType {
  return (VALUE_TYPES as readonly string[]).includes(key);
}
