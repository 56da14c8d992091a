import { formatDate, formatDateTime, formatMoney, formatQuantity, formatText } from '@/schema/format';

/**
 * Formats of the printed documents (SPEC 9): quantities with 3 decimals, money with 2, dates
 * yyyy-MM-dd with HH:mm / HH:mm:ss, all in China time. The list pages' formatters are reused so a
 * number reads the same on screen and on paper.
 */
export { formatDate, formatMoney, formatQuantity, formatText };

export const formatMinute = (v: unknown) => formatDateTime(v, 'yyyy-MM-dd HH:mm');
export const formatSecond = (v: unknown) => formatDateTime(v, 'yyyy-MM-dd HH:mm:ss');

/** referCode and similar fields hold several codes separated by commas (SPEC 3). */
export function splitCodes(v: unknown): string[] {
  if (typeof v !== 'string') return [];
  return v
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** n × 10^digits rounded half away from zero on the decimal text (1.005 → 101, not 100). */
function scaled(n: number, digits: number): number {
  const shifted = Number(`${Math.abs(n)}e${digits}`);
  // Tiny numbers print in exponent form ('1e-7'), which the text shift cannot take.
  return Math.sign(n) * Math.round(Number.isFinite(shifted) ? shifted : Math.abs(n) * 10 ** digits);
}

/** Sum with 3 (quantities) or 2 (money) decimals, free of binary-fraction noise; blanks count as 0. */
export function total(values: unknown[], digits: 2 | 3): number {
  let sum = 0;
  for (const v of values) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : 0;
    if (Number.isFinite(n)) sum += scaled(n, digits);
  }
  return sum / 10 ** digits;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/** Whole yuan in capitals: 100100 → 壹拾万零壹佰 (one 零 for any run of zeros before a digit). */
function integerCapitals(n: number): string {
  const digits = String(n).split('').map(Number);
  let out = '';
  let zeros = 0;
  digits.forEach((d, i) => {
    const pos = digits.length - 1 - i;
    if (d === 0) zeros++;
    else {
      if (zeros > 0 && out) out += '零';
      zeros = 0;
      out += DIGITS[d]! + SMALL_UNITS[pos % 4]!;
    }
    // The end of a 4-digit group: its big unit, unless the whole group is zero.
    if (pos % 4 === 0 && pos > 0 && digits.slice(Math.max(0, i - 3), i + 1).some((x) => x !== 0)) {
      out += BIG_UNITS[pos / 4]!;
    }
  });
  return out;
}

/**
 * Money in Chinese capitals as finance slips write it: 1234.5 → 壹仟贰佰叁拾肆元伍角整,
 * 10.05 → 壹拾元零伍分, 0 → 零元整; negative amounts get 负. Pinned by tests/unit/print/format.test.ts.
 */
export function moneyInCapitals(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const cents = scaled(Math.abs(amount), 2);
  const sign = amount < 0 && cents > 0 ? '负' : '';
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const integer = yuan > 0 ? `${integerCapitals(yuan)}元` : '';
  if (!jiao && !fen) return `${sign}${integer || '零元'}整`;
  const jiaoText = jiao ? `${DIGITS[jiao]}角` : integer ? '零' : '';
  const fenText = fen ? `${DIGITS[fen]}分` : '整';
  return sign + integer + jiaoText + fenText;
}
