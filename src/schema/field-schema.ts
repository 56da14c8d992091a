import { numericFormat } from './formats';
import { boundSchema } from './input-bounds';
import { fieldMessages, requiredMessage } from './messages';
import type { Catalog, FieldDef, JsonSchema } from './types';

export type { JsonSchema } from './types';

const COPIED = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
] as const;

/** Enum values of a field, if it names one. */
export function enumValues(catalog: Catalog, f: FieldDef): (string | number)[] | undefined {
  const name = f['x-enum'];
  return name ? catalog.enums.get(name)?.items.map((i) => i.value) : undefined;
}

/**
 * A field as an Ajv schema with every rule's Chinese message (ajv-errors). The extension keywords
 * (x-…) are resolved here and never reach Ajv: x-enum becomes enum, x-validator a pattern or format.
 * Input bounds (column ranges, no NUL) are added with the field's title (input-bounds.ts).
 */
export function inputSchema(catalog: Catalog, f: FieldDef, opts: { allowNull?: boolean } = {}): JsonSchema {
  const nullable = opts.allowNull ?? !!f.nullable;
  const s: JsonSchema = { type: nullable ? [f.type, 'null'] : f.type, title: f.title };
  for (const k of COPIED) if (f[k] !== undefined) s[k] = f[k];
  if (f.items) s.items = { ...f.items, errorMessage: `${f.title}的取值不正确` };
  const values = enumValues(catalog, f);
  if (values) s.enum = nullable ? [...values, null] : values;
  const named = f['x-validator'] ? catalog.validators[f['x-validator']] : undefined;
  if (named) {
    if (f.type === 'string') s.pattern = named.pattern;
    else s.format = numericFormat(f['x-validator']!);
  }
  const messages = fieldMessages(f, catalog.validators);
  const errorMessage: Record<string, string> = {};
  for (const [k, msg] of Object.entries(messages))
    if (k === 'type' || s[k] !== undefined) errorMessage[k] = msg!;
  s.errorMessage = errorMessage;
  return boundSchema(s);
}

/** An object of fields; `required` lists the names that must be present, with their messages. */
export function objectSchema(
  properties: Record<string, JsonSchema>,
  required: string[],
  fields: Record<string, FieldDef>,
  overrides: Record<string, string> = {},
): JsonSchema {
  const s: JsonSchema = { type: 'object', additionalProperties: false, properties };
  if (required.length) {
    s.required = required;
    const messages: Record<string, string> = {};
    for (const name of required) {
      const f = fields[name];
      messages[name] = f ? requiredMessage(f, overrides[name]) : (overrides[name] ?? `请填写${name}`);
    }
    s.errorMessage = { type: '请求数据格式错误', required: messages };
  } else {
    s.errorMessage = { type: '请求数据格式错误' };
  }
  return s;
}

/** A field as it is answered: its type or null, no rules (stored rows may predate a rule). */
export function outputSchema(f: FieldDef): JsonSchema {
  if (f.type === 'array') return { type: ['array', 'null'], items: { type: f.items?.type ?? 'string' } };
  return { type: [f.type, 'null'] };
}
