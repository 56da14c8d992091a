import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY,
  formatBoolean,
  formatDate,
  formatDateTime,
  formatDigit,
  formatMoney,
  formatQuantity,
  formatText,
  formatTime,
  toFixedDecimal,
} from '@/schema/format';

// SPEC 9: money 2 decimals, quantity 3, dates yyyy-MM-dd with HH:mm and HH:mm:ss variants (China time).
describe('number formats', () => {
  it('money: 2 decimals with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('99.999')).toBe('100.00');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-1234567.891)).toBe('-1,234,567.89');
    expect(formatMoney(12)).toBe('12.00');
  });

  it('rounds half away from zero on the decimal text (1.005 is 1.01, not 1.00)', () => {
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(-1.005)).toBe('-1.01');
    expect(toFixedDecimal(2.675, 2)).toBe('2.68');
    expect(toFixedDecimal(-0.0001, 2)).toBe('0.00');
  });

  it('quantity: exactly 3 decimals, no grouping', () => {
    expect(formatQuantity(5044.381)).toBe('5044.381');
    expect(formatQuantity(12)).toBe('12.000');
    expect(formatQuantity('0.0005')).toBe('0.001');
    expect(formatQuantity(1.2345)).toBe('1.235');
  });

  it('digit: the number as it is, grouped', () => {
    expect(formatDigit(200)).toBe('200');
    expect(formatDigit(1234567)).toBe('1,234,567');
    expect(formatDigit(12.5)).toBe('12.5');
  });

  it('empty, blank and non-numeric values show a dash', () => {
    for (const v of [null, undefined, '', 'abc', true, Number.NaN])
      expect([formatMoney(v), formatQuantity(v), formatDigit(v)]).toEqual([EMPTY, EMPTY, EMPTY]);
  });
});

describe('date formats, in China time whatever the browser zone', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it('date: yyyy-MM-dd; a date-only value is kept as written', () => {
    expect(formatDate('2026-03-01')).toBe('2026-03-01');
    expect(formatDate('2026-02-28T20:00:00.000Z')).toBe('2026-03-01');
    expect(formatDate('2026-03-01T07:59:00+08:00')).toBe('2026-03-01');
  });

  it('dateTime: yyyy-MM-dd HH:mm:ss by default, HH:mm variants from the column format', () => {
    const t = '2026-03-01T00:30:05.000Z';
    expect(formatDateTime(t)).toBe('2026-03-01 08:30:05');
    expect(formatDateTime(t, 'yyyy-MM-dd HH:mm')).toBe('2026-03-01 08:30');
    expect(formatDateTime(t, 'HH:mm')).toBe('08:30');
    expect(formatDateTime(t, 'HH:mm:ss')).toBe('08:30:05');
  });

  it('a zoneless date-time is China time (as the server reads it)', () => {
    expect(formatDateTime('2026-03-01 08:30')).toBe('2026-03-01 08:30:00');
    expect(formatDateTime('2026-03-01T23:59:59')).toBe('2026-03-01 23:59:59');
  });

  it('time: HH:mm:ss, HH:mm, from a time text or a full date-time', () => {
    expect(formatTime('08:05')).toBe('08:05:00');
    expect(formatTime('08:05:09', 'HH:mm')).toBe('08:05');
    expect(formatTime('2026-03-01T16:00:00Z')).toBe('00:00:00');
  });

  it('does not depend on the machine zone', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDateTime('2026-03-01T00:30:05Z')).toBe('2026-03-01 08:30:05');
    expect(formatDate('2026-02-28T20:00:00Z')).toBe('2026-03-01');
    process.env.TZ = 'Asia/Kolkata';
    expect(formatDateTime(Date.parse('2026-03-01T00:30:05Z'))).toBe('2026-03-01 08:30:05');
  });

  it('blank or invalid dates show a dash', () => {
    for (const v of [null, undefined, '', 'not a date'])
      expect([formatDate(v), formatDateTime(v), formatTime(v)]).toEqual([EMPTY, EMPTY, EMPTY]);
  });
});

describe('cached date texts', () => {
  it('one input in several formats gives each its own text, the same on every call', () => {
    const v = '2026-11-21T01:02:03Z';
    for (let i = 0; i < 2; i++) {
      expect(formatDateTime(v)).toBe('2026-11-21 09:02:03');
      expect(formatDateTime(v, 'HH:mm')).toBe('09:02');
      expect(formatDateTime(v, 'yyyy-MM-dd HH:mm')).toBe('2026-11-21 09:02');
      expect(formatDate(v)).toBe('2026-11-21');
      expect(formatTime(v)).toBe('09:02:03');
      expect(formatTime(v, 'HH:mm')).toBe('09:02');
    }
  });
});

describe('text and boolean', () => {
  it('text joins lists and shows a dash when empty', () => {
    expect(formatText('a')).toBe('a');
    expect(formatText(['a', 'b'])).toBe('a、b');
    expect(formatText([])).toBe(EMPTY);
    expect(formatText(0)).toBe('0');
  });

  it('boolean reads 是 / 否', () => {
    expect(formatBoolean(true)).toBe('是');
    expect(formatBoolean(1)).toBe('是');
    expect(formatBoolean(false)).toBe('否');
    expect(formatBoolean(null)).toBe(EMPTY);
  });
});
