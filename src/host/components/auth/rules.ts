import type { FormRule } from 'antd';
import { t } from '@/i18n';

/**
 * The form rules of the sign-in pages with the exact texts of SPEC 5. The server checks the same rules
 * with the same messages (src/schema/contracts/session.ts, account.ts, server/services/profile-password.ts).
 * The texts are the catalogue's (src/i18n `authRules`), read when a rule is checked: the language in
 * effect then (antd copies a rule when it validates, so a getter is read at that moment).
 */
export const MOBILE_PATTERN = /^1\d{10}$/;

/** A rule whose message is a catalogue text, read whenever the rule is used. */
function ruled(rule: Omit<FormRule & object, 'message'>, message: () => string): FormRule {
  return Object.defineProperty({ ...rule }, 'message', { get: message, enumerable: true }) as FormRule;
}

/** '请输入正确的手机号', in the language in effect. */
export const phoneInvalid = () => t('authRules.phoneInvalid');
/** SPEC 5 'Change password' and 'Password recovery': 8–16, two kinds, these specials only. */
export const passwordRuleMessage = () => t('authRules.passwordRule');

const ALLOWED = /^[0-9A-Za-z{}~!@#$%^&*_\-.]*$/;
export const PASSWORD_KINDS = [/[0-9]/, /[A-Za-z]/, /[{}~!@#$%^&*_\-.]/];

export function passwordKinds(value: string): number {
  return PASSWORD_KINDS.filter((re) => re.test(value)).length;
}

/** Mirrors passwordPolicyError on the server: undefined when the password is acceptable. */
export function passwordPolicyError(value: string): string | undefined {
  if (value.length < 8 || value.length > 16) return t('authRules.length8to16');
  if (!ALLOWED.test(value) || passwordKinds(value) < 2) return passwordRuleMessage();
  return undefined;
}

export const accountRules: FormRule[] = [
  ruled({ required: true }, () => t('authRules.accountRequired')),
  ruled({ min: 1, max: 11 }, () => t('authRules.length1to11')),
];

export const loginPasswordRules: FormRule[] = [
  ruled({ required: true }, () => t('authRules.passwordRequired')),
  ruled({ min: 6, max: 20 }, () => t('authRules.length6to20')),
];

/** Login phone mode and bind phone: required, 1–11, an 11-digit number starting with 1. */
export const phoneRules: FormRule[] = [
  ruled({ required: true }, () => t('authRules.phoneRequired')),
  ruled({ min: 1, max: 11 }, () => t('authRules.length1to11')),
  ruled({ pattern: MOBILE_PATTERN }, phoneInvalid),
];

export const codeRules = (max: number): FormRule[] => [
  ruled({ required: true }, () => t('authRules.codeRequired')),
  ruled({ max }, () => t('authFlow.codeTooLong', { max })),
];

export const newPasswordLengthRule: FormRule = ruled({ min: 8, max: 16 }, () => t('authRules.length8to16'));

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
