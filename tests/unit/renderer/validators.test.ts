import { createForm } from '@formily/core';
import { beforeAll, describe, expect, it } from 'vitest';
import validatorsFile from '@schemas/forms/validators.json';
import { checkNamed, NAMED_VALIDATORS, registerNamedValidators } from '@/renderer/form/validators';

// SPEC 5 numeric patterns as named validators, registered with Formily once, Chinese messages.
async function errorsOf(validator: unknown, value: unknown): Promise<string[]> {
  const form = createForm();
  const field = form.createField({ name: 'v', validator: validator as never });
  field.setValue(value);
  // validate() rejects when the value is refused; the messages are what the user sees.
  await field.validate().catch(() => undefined);
  return field.selfErrors;
}

const SPEC5 = {
  nonNegativeInteger: { valid: ['0', '7', '120', 35], invalid: ['-1', '01', '1.5', 'a', -2] },
  money: { valid: ['0', '12.5', '99.99', 1234.5], invalid: ['-1', '1.234', '01.2', '.', 1.005] },
  positiveInteger: { valid: ['1', '+25', 9], invalid: ['0', '-3', '1.0', '+0'] },
  positiveInteger8: { valid: ['1', '99999999', 12345678], invalid: ['0', '123456789', '-5', 100000000] },
  integer4: { valid: ['0', '9999', 42], invalid: ['12345', '-1', '1.5'] },
  decimal8x2: {
    valid: ['-12.5', '99999999.99', '0', -0.5],
    invalid: ['123456789', '1.234', '--1', 100000000],
  },
  mobile: {
    valid: ['13800000001', '19912345678'],
    invalid: ['23800000001', '1380000000', '138000000011', '1380000000a'],
  },
  quantity: { valid: ['0', '12.345', 5044.381], invalid: ['1.2345', '-1'] },
} satisfies Record<string, { valid: unknown[]; invalid: unknown[] }>;

describe('named validators (schemas/forms/validators.json)', () => {
  beforeAll(() => registerNamedValidators());

  it('covers every validator of the file, SPEC 5 ones included', () => {
    expect(Object.keys(NAMED_VALIDATORS).sort()).toEqual(Object.keys(validatorsFile.validators).sort());
    for (const name of Object.keys(SPEC5)) expect(NAMED_VALIDATORS[name], name).toBeDefined();
  });

  for (const [name, cases] of Object.entries(SPEC5)) {
    it(`${name}: accepts and rejects with its Chinese message`, async () => {
      const message = NAMED_VALIDATORS[name]!.message;
      expect(message).toMatch(/[\u4e00-\u9fa5]/);
      for (const v of cases.valid) expect(await errorsOf(name, v), `${name} ${String(v)}`).toEqual([]);
      for (const v of cases.invalid)
        expect(await errorsOf(name, v), `${name} ${String(v)}`).toEqual([message]);
    });
  }

  it("the file's own examples hold in the browser as well", async () => {
    for (const [name, def] of Object.entries(NAMED_VALIDATORS)) {
      for (const v of def.examples?.valid ?? []) expect(checkNamed(name, v), `${name} ${v}`).toBe('');
      for (const v of (def.examples?.invalid ?? []).filter((x) => x !== ''))
        expect(await errorsOf(name, v), `${name} ${v}`).toEqual([def.message]);
    }
  });

  it('can be written as a rule ({ money: true }) as well as a format name', async () => {
    expect(await errorsOf({ money: true }, '1.234')).toEqual([NAMED_VALIDATORS.money!.message]);
    expect(await errorsOf({ money: true }, '1.23')).toEqual([]);
    expect(await errorsOf({ money: true, message: '金额不对' }, '1.234')).toEqual(['金额不对']);
  });

  it('leaves empty values to the required rule', async () => {
    for (const name of Object.keys(SPEC5)) {
      expect(await errorsOf(name, '')).toEqual([]);
      expect(await errorsOf(name, undefined)).toEqual([]);
    }
  });

  it('registers once: a second call changes nothing', async () => {
    registerNamedValidators();
    registerNamedValidators();
    expect(await errorsOf('mobile', '123')).toEqual(['请输入正确的手机号']);
  });
});
