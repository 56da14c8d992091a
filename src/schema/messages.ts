import type { FieldDef, ValidatorDef } from './types';

/**
 * The Chinese message for each rule of a field. The server puts them into `errorMessage` (ajv-errors)
 * and codegen puts the same strings into the Formily rules of the forms, so browser and server say
 * the same thing. A field's own errorMessage wins; named validators bring theirs (validators.json).
 */
export type RuleKeyword =
  | 'type'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'enum'
  | 'minItems'
  | 'maxItems';

/** Fields chosen rather than typed get '请选择…'. */
export function isChosen(f: FieldDef): boolean {
  return (
    !!f['x-enum'] || !!f['x-ref'] || f.type === 'boolean' || f.format === 'date' || f.format === 'date-time'
  );
}

export function requiredMessage(f: FieldDef, override?: string): string {
  return override ?? `${isChosen(f) ? '请选择' : '请输入'}${f.title}`;
}

function typeMessage(f: FieldDef): string {
  if (f.type === 'integer') return `${f.title}必须是整数`;
  if (f.type === 'number') return `${f.title}必须是数字`;
  if (f.type === 'array') return `${f.title}必须是列表`;
  if (f.type === 'boolean') return `${f.title}的取值不正确`;
  return `${f.title}必须是文本`;
}

function lengthMessage(f: FieldDef, keyword: 'minLength' | 'maxLength'): string {
  const { minLength: min, maxLength: max, title } = f;
  if (min !== undefined && max !== undefined && min > 0) return `${title}长度在 ${min} 到 ${max} 个字符`;
  if (keyword === 'minLength') return min === 1 ? `请输入${title}` : `${title}长度不能少于 ${min} 个字符`;
  return `${title}长度不能超过 ${max} 个字符`;
}

export function fieldMessages(
  f: FieldDef,
  validators: Record<string, ValidatorDef>,
): Partial<Record<RuleKeyword, string>> {
  const own = f.errorMessage ?? {};
  const out: Partial<Record<RuleKeyword, string>> = { type: own.type ?? typeMessage(f) };
  const set = (k: RuleKeyword, fallback: string) => {
    out[k] = own[k] ?? fallback;
  };
  if (f.minLength !== undefined) set('minLength', lengthMessage(f, 'minLength'));
  if (f.maxLength !== undefined) set('maxLength', lengthMessage(f, 'maxLength'));
  const named = f['x-validator'] ? validators[f['x-validator']] : undefined;
  if (named) {
    // A named validator is a pattern on strings and a numeric format on numbers (ajv.ts): same message.
    set(f.type === 'string' ? 'pattern' : 'format', named.message);
  }
  if (f.pattern) set('pattern', `${f.title}格式不正确`);
  if (f.format) set('format', f.format === 'email' ? '请输入正确的邮箱' : `${f.title}格式不正确`);
  if (f.minimum !== undefined) set('minimum', `${f.title}不能小于 ${f.minimum}`);
  if (f.maximum !== undefined) set('maximum', `${f.title}不能大于 ${f.maximum}`);
  if (f.exclusiveMinimum !== undefined) set('exclusiveMinimum', `${f.title}必须大于 ${f.exclusiveMinimum}`);
  if (f.exclusiveMaximum !== undefined) set('exclusiveMaximum', `${f.title}必须小于 ${f.exclusiveMaximum}`);
  if (f['x-enum']) set('enum', `请选择正确的${f.title}`);
  if (f.minItems !== undefined) set('minItems', `${f.title}至少 ${f.minItems} 项`);
  if (f.maxItems !== undefined) set('maxItems', `${f.title}最多 ${f.maxItems} 项`);
  return out;
}
