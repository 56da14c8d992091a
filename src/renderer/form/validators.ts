import {
  registerValidateFormats,
  registerValidateLocale,
  registerValidateRules,
  setValidateLanguage,
} from '@formily/core';
import validatorsFile from '@schemas/forms/validators.json';
import type { ValidatorDef } from '../schema-types';

/**
 * The named validators of SPEC 5 (schemas/forms/validators.json), registered with Formily once, with
 * their Chinese messages. The server turns the same file into Ajv patterns, so both sides agree.
 *
 * A form uses one by name: `"x-validator": "money"` (Formily reads a string as a format) or
 * `{ "money": true }` / `{ "validator": "money" }` (a rule). Numbers are tested on their decimal text,
 * as on the server. Pinned by tests/unit/renderer/validators.test.ts.
 */
export const NAMED_VALIDATORS: Readonly<Record<string, ValidatorDef>> = (
  validatorsFile as { validators: Record<string, ValidatorDef> }
).validators;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The message of a value that fails the named validator, or '' when it passes (or is empty). */
export function checkNamed(name: string, value: unknown): string {
  const def = NAMED_VALIDATORS[name];
  if (!def || isEmpty(value)) return '';
  return new RegExp(def.pattern).test(String(value)) ? '' : def.message;
}

let registered = false;

/** Idempotent: the first form to render registers; later calls do nothing. */
export function registerNamedValidators(): void {
  if (registered) return;
  registered = true;
  const entries = Object.entries(NAMED_VALIDATORS);
  const messages = Object.fromEntries(entries.map(([name, def]) => [name, def.message]));
  setValidateLanguage('zh-CN');
  registerValidateFormats(Object.fromEntries(entries.map(([name, def]) => [name, def.pattern])));
  // Formats take their message from the locale; registered for the fallback language as well, so a
  // browser set to English still shows the Chinese text.
  registerValidateLocale({ 'zh-CN': messages, en: messages });
  registerValidateRules(
    Object.fromEntries(
      entries.map(([name]) => [
        name,
        (value: unknown, rule: Record<string, unknown>) =>
          rule[name] ? (checkNamed(name, value) ? String(rule.message || checkNamed(name, value)) : '') : '',
      ]),
    ),
  );
}
