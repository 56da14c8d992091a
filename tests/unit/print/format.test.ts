import { describe, expect, it } from 'vitest';
import { formatMinute, moneyInCapitals, splitCodes, total } from '@/print/format';

describe('print formats', () => {
  it('writes money in Chinese capitals the way finance slips do', () => {
    expect(moneyInCapitals(0)).toBe('零元整');
    expect(moneyInCapitals(1234.5)).toBe('壹仟贰佰叁拾肆元伍角整');
    expect(moneyInCapitals(10.05)).toBe('壹拾元零伍分');
    expect(moneyInCapitals(0.05)).toBe('伍分');
    expect(moneyInCapitals(0.5)).toBe('伍角整');
    expect(moneyInCapitals(1010)).toBe('壹仟零壹拾元整');
    expect(moneyInCapitals(10005)).toBe('壹万零伍元整');
    expect(moneyInCapitals(100100)).toBe('壹拾万零壹佰元整');
    expect(moneyInCapitals(100000000)).toBe('壹亿元整');
    expect(moneyInCapitals(100010000.01)).toBe('壹亿零壹万元零壹分');
    expect(moneyInCapitals(3456.78)).toBe('叁仟肆佰伍拾陆元柒角捌分');
    expect(moneyInCapitals(-12)).toBe('负壹拾贰元整');
    expect(moneyInCapitals(1.005)).toBe('壹元零壹分');
  });

  it('splits comma lists (half- and full-width), dropping blanks', () => {
    expect(splitCodes('DD1, DD2，DD3,,')).toEqual(['DD1', 'DD2', 'DD3']);
    expect(splitCodes(null)).toEqual([]);
  });

  it('sums without binary-fraction noise, blanks as zero', () => {
    expect(total([0.1, 0.2, null, '0.3'], 3)).toBe(0.6);
    expect(total([1.005, 2.005], 2)).toBe(3.02);
  });

  it('shows instants in China time', () => {
    expect(formatMinute('2026-03-01T00:30:00Z')).toBe('2026-03-01 08:30');
  });
});
