import { requiredMessage } from '../../schema/messages';
import type { FieldDef } from '../schema-types';
import type { FormilyRule } from './field-rules';

/**
 * Rules of a password field (x-secret): the server checks the plain text after decrypting it
 * (server/resources/values.ts passwordProblem); the browser says the same before encrypting, so the
 * user is told without a round trip. The special characters are SPEC 5's.
 */
export const PASSWORD_SPECIALS = '{}~!@#$%^&*_-.';

export function passwordProblem(plain: string): string | undefined {
  if (plain.length < 8 || plain.length > 16) return '长度在 8 到 16 个字符';
  const allowed = [...plain].every((c) => /[0-9A-Za-z]/.test(c) || PASSWORD_SPECIALS.includes(c));
  const kinds = [/[0-9]/, /[A-Za-z]/, /[{}~!@#$%^&*_\-.]/].filter((re) => re.test(plain)).length;
  if (!allowed || kinds < 2) return '密码须为数字、字母和特殊字符 {}~!@#$%^&*_-. 中的至少两种';
  return undefined;
}

export function secretRules(f: FieldDef, required: boolean, requiredText?: string): FormilyRule[] {
  const rules: FormilyRule[] = [];
  if (required) rules.push({ required: true, message: requiredMessage(f, requiredText) });
  rules.push({
    validator: (value: unknown) =>
      typeof value === 'string' && value !== '' ? (passwordProblem(value) ?? '') : '',
  });
  return rules;
}
