import type { FormRule } from 'antd';

/**
 * The form rules of the sign-in pages with the exact texts of SPEC 5. The server checks the same rules
 * with the same messages (src/schema/contracts/session.ts, account.ts, server/services/profile-password.ts).
 */
export const MOBILE_PATTERN = /^1\d{10}$/;
export const PHONE_INVALID = '请输入正确的手机号';

/** SPEC 5 'Change password' and 'Password recovery': 8–16, two kinds, these specials only. */
export const PASSWORD_RULE_MSG =
  '密码需为8-16位，至少包含数字、字母、特殊字符中的两种，特殊字符仅限{}~!@#$%^&*_-.';
export const PASSWORD_HINT = '8-16位，数字、字母、特殊字符（{}~!@#$%^&*_-.）至少包含两种';

const ALLOWED = /^[0-9A-Za-z{}~!@#$%^&*_\-.]*$/;
export const PASSWORD_KINDS = [/[0-9]/, /[A-Za-z]/, /[{}~!@#$%^&*_\-.]/];

export function passwordKinds(value: string): number {
  return PASSWORD_KINDS.filter((re) => re.test(value)).length;
}

/** Mirrors passwordPolicyError on the server: undefined when the password is acceptable. */
export function passwordPolicyError(value: string): string | undefined {
  if (value.length < 8 || value.length > 16) return '长度在 8 到 16 个字符';
  if (!ALLOWED.test(value) || passwordKinds(value) < 2) return PASSWORD_RULE_MSG;
  return undefined;
}

export const accountRules: FormRule[] = [
  { required: true, message: '请输入您的账号' },
  { min: 1, max: 11, message: '长度在 1 到 11 个字符' },
];

export const loginPasswordRules: FormRule[] = [
  { required: true, message: '请输入您的登录密码' },
  { min: 6, max: 20, message: '长度在 6 到 20 个字符' },
];

/** Login phone mode and bind phone: required, 1–11, an 11-digit number starting with 1. */
export const phoneRules: FormRule[] = [
  { required: true, message: '请输入您的手机号' },
  { min: 1, max: 11, message: '长度在 1 到 11 个字符' },
  { pattern: MOBILE_PATTERN, message: PHONE_INVALID },
];

export const codeRules = (max: number, required = '请输入您的验证码'): FormRule[] => [
  { required: true, message: required },
  { max, message: `验证码长度不能超过 ${max} 个字符` },
];

export const newPasswordLengthRule: FormRule = { min: 8, max: 16, message: '长度在 8 到 16 个字符' };

/**
 * The character rule of the policy; the length is newPasswordLengthRule's, so an empty or wrong-length
 * value never shows two messages.
 */
export const passwordPolicyRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    if (!value || value.length < 8 || value.length > 16) return;
    const problem = passwordPolicyError(value);
    if (problem) throw new Error(problem);
  },
};

/** The confirmation must equal the field `other` (declare `dependencies={[other]}` on the item). */
export const sameAs =
  (other: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(other)) throw new Error(message);
    },
  });
