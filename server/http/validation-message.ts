import type { ErrorObject } from 'ajv';
import { NUL_FREE } from '../../src/schema/input-bounds';

/**
 * Turns the first Ajv error into the Chinese message shown to the user.
 * Schemas carry their own texts through `errorMessage` (ajv-errors), exactly as SPEC 5 words them;
 * this fallback covers schemas that do not, naming the field by its `title`.
 */
export function firstValidationMessage(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return '请求参数不正确';
  if (error.keyword === 'errorMessage') return error.message ?? '请求参数不正确';
  const params = error.params as Record<string, unknown>;
  const field =
    error.keyword === 'required'
      ? String(params.missingProperty)
      : error.instancePath.split('/').filter(Boolean).pop() || '请求';
  const schema = (error.parentSchema ?? {}) as {
    title?: string;
    properties?: Record<string, { title?: string }>;
  };
  const label = (error.keyword === 'required' ? schema.properties?.[field]?.title : schema.title) ?? field;
  switch (error.keyword) {
    case 'required':
      return `请填写${label}`;
    case 'maxLength':
      return `${label}长度不能超过 ${params.limit} 个字符`;
    case 'minLength':
      return `${label}长度不能少于 ${params.limit} 个字符`;
    case 'maximum':
      return `${label}不能大于 ${params.limit}`;
    case 'minimum':
      return `${label}不能小于 ${params.limit}`;
    case 'maxItems':
      return `${label}最多选择 ${params.limit} 项`;
    case 'minItems':
      return `${label}至少选择 ${params.limit} 项`;
    case 'enum':
      return `${label}的取值不在允许范围内`;
    case 'type':
      return `${label}的类型不正确`;
    case 'additionalProperties':
      return `不支持的字段：${String(params.additionalProperty)}`;
    case 'pattern':
      // The pattern every text gets (src/schema/input-bounds.ts) says what it refuses.
      return params.pattern === NUL_FREE ? `${label}不能包含空字符` : `${label}格式不正确`;
    default:
      return `${label}格式不正确`;
  }
}
