import type { FieldDef, ValidatorDef } from '../../generated/schema-files';
import { fieldMessages, requiredMessage } from '../messages';
import { passwordProblem } from '../password-policy';

/**
 * A resource field's rules as Formily validator rules, with the very strings the server puts into its
 * ajv-errors messages (src/schema/messages.ts is shared, not copied), so a refused value reads
 * the same in the browser and in the server's 400.
 */
export type FormilyRule = Record<string, unknown> & { message?: string };

export function fieldRules(
  field: FieldDef,
  validators: Readonly<Record<string, ValidatorDef>>,
  opts: { required?: boolean; requiredText?: string } = {},
): FormilyRule[] {
  const messages = fieldMessages(field, validators);
  const rules: FormilyRule[] = [];
  if (opts.required) rules.push({ required: true, message: requiredMessage(field, opts.requiredText) });
  if (field.minLength !== undefined && field.minLength > 0)
    rules.push({ minLength: field.minLength, message: messages.minLength });
  if (field.maxLength !== undefined) rules.push({ maxLength: field.maxLength, message: messages.maxLength });
  if (field.pattern) rules.push({ pattern: field.pattern, message: messages.pattern });
  const named = field['x-validator'];
  if (named && validators[named]) rules.push({ format: named, message: validators[named]!.message });
  if (field.format === 'email') rules.push({ format: 'email', message: messages.format });
  if (field.minimum !== undefined) rules.push({ minimum: field.minimum, message: messages.minimum });
  if (field.maximum !== undefined) rules.push({ maximum: field.maximum, message: messages.maximum });
  if (field.exclusiveMinimum !== undefined)
    rules.push({ exclusiveMinimum: field.exclusiveMinimum, message: messages.exclusiveMinimum });
  if (field.exclusiveMaximum !== undefined)
    rules.push({ exclusiveMaximum: field.exclusiveMaximum, message: messages.exclusiveMaximum });
  if (field.minItems !== undefined) rules.push({ minItems: field.minItems, message: messages.minItems });
  if (field.maxItems !== undefined) rules.push({ maxItems: field.maxItems, message: messages.maxItems });
  return rules;
}

/**
 * Rules of a password field (x-secret): the server checks the plain text after decrypting it
 * (server/resources/values.ts); the browser says the same before encrypting, with the same function
 * (src/schema/password-policy.ts), so the user is told without a round trip.
 */
export function secretRules(f: FieldDef, required: boolean, requiredText?: string): FormilyRule[] {
  const rules: FormilyRule[] = [];
  if (required) rules.push({ required: true, message: requiredMessage(f, requiredText) });
  rules.push({
    validator: (value: unknown) =>
      typeof value === 'string' && value !== '' ? (passwordProblem(value) ?? '') : '',
  });
  return rules;
}
