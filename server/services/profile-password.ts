import { randomInt } from 'node:crypto';

/**
 * New-password rule (SPEC 5, change password and recovery): 8 to 16 characters of digits, letters and the
 * specials {}~!@#$%^&*_-. with at least two of the three kinds.
 */
export const PASSWORD_LENGTH_MSG = '长度在 8 到 16 个字符';
export const PASSWORD_RULE_MSG =
  '密码需为8-16位，至少包含数字、字母、特殊字符中的两种，特殊字符仅限{}~!@#$%^&*_-.';

const ALLOWED = /^[0-9A-Za-z{}~!@#$%^&*_\-.]+$/;

export function passwordPolicyError(plain: string): string | undefined {
  if (plain.length < 8 || plain.length > 16) return PASSWORD_LENGTH_MSG;
  if (!ALLOWED.test(plain)) return PASSWORD_RULE_MSG;
  const kinds = [/[0-9]/, /[A-Za-z]/, /[{}~!@#$%^&*_\-.]/].filter((re) => re.test(plain)).length;
  return kinds >= 2 ? undefined : PASSWORD_RULE_MSG;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIALS = '!@#$%&*_-';

/**
 * A one-time password an administrator's reset gives (issue 20.4): 12 characters meeting the rule above
 * (letters, digits and one special), drawn with crypto.randomInt, without look-alikes (0/O, 1/l/I).
 */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [
    pick(SPECIALS),
    pick(DIGITS),
    pick(DIGITS),
    ...Array.from({ length: 9 }, () => pick(LETTERS + DIGITS)),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const out = chars.join('');
  return passwordPolicyError(out) ? generatePassword() : out;
}
