/**
 * SPEC 5 (change password): 8 to 16 characters, at least two kinds of digits, letters and the allowed
 * specials {}~!@#$%^&*_-. ; codegen gives the browser the same rules and texts (scripts/codegen).
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 16,
  lengthMessage: '长度在 8 到 16 个字符',
  // Only allowed characters, and not all of one kind.
  pattern: '^(?![0-9]+$)(?![A-Za-z]+$)(?![{}~!@#$%^&*_.\\-]+$)[0-9A-Za-z{}~!@#$%^&*_.\\-]+$',
  kindsMessage: '密码须为数字、字母和特殊字符 {}~!@#$%^&*_-. 中的至少两种',
} as const;

/** What is wrong with a new password, in SPEC 5's words, or undefined when it is acceptable. */
export function passwordProblem(plain: string): string | undefined {
  const p = PASSWORD_POLICY;
  if (plain.length < p.minLength || plain.length > p.maxLength) return p.lengthMessage;
  if (!new RegExp(p.pattern).test(plain)) return p.kindsMessage;
  return undefined;
}
