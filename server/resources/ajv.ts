import Ajv, { type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { isDate, isDateTime } from '../../src/schema/dates';
import type { ValidatorDef } from '../../src/schema/types';
import { DATE_OR_DATE_TIME, numericFormat } from '../../src/schema/formats';

/**
 * The Ajv instances of the resource routes. Bodies are not coerced ("12" is not a number);
 * query strings and path parameters are (they only carry text). allErrors is needed by ajv-errors.
 * Named validators test numbers on their decimal text, so 1.005 fails 'money' like "1.005" does.
 */
export function createAjv(validators: Record<string, ValidatorDef>, coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    useDefaults: true,
    removeAdditional: false,
    coerceTypes: coerce ? 'array' : false,
  });
  ajvFormats(ajv);
  ajvErrors(ajv);
  ajv.addFormat('date', { type: 'string', validate: isDate });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addFormat(DATE_OR_DATE_TIME, { type: 'string', validate: (s: string) => isDate(s) || isDateTime(s) });
  for (const [name, def] of Object.entries(validators)) {
    const re = new RegExp(def.pattern);
    ajv.addFormat(numericFormat(name), { type: 'number', validate: (n: number) => re.test(String(n)) });
  }
  return ajv;
}

/**
 * A validator compiled on its first call, not at start: compiling every route's schemas was a large
 * share of the server's start-up, and most routes are not called soon after it. Callers see an Ajv
 * validator: it returns the verdict and carries `errors` of the last call.
 */
export function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}
