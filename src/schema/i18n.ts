/**
 * English texts in the schema files (issue 20.5, docs/schemas.md "English texts"): any object of a
 * schema file that carries a user-visible text (a page's or field's `title`, an enum item's `label`,
 * a menu entry's `name`, a `placeholder` …) may carry its English beside it:
 *
 *   { "title": "用户管理", "i18n": { "en-US": { "title": "Users" } } }
 *
 * The Chinese stays where it is (SPEC's words, the default); `localise` gives the file as the user's
 * language shows it, falling back to the Chinese for every text without English. Pure: the browser
 * (src/renderer/catalogue.ts) and the schema lint (scripts/lint-schemas) use it.
 */
export type SchemaLanguage = 'zh-CN' | 'en-US';

/**
 * The texts a language may replace, by the key that holds the Chinese. `group`, `hint` and `unit` are a
 * home counter's, `measureTitle` a home chart's (the home summary sends them with their English).
 */
export const TRANSLATED_KEYS = [
  'title',
  'label',
  'name',
  'placeholder',
  'description',
  'group',
  'hint',
  'unit',
  'measureTitle',
] as const;
/** The keys whose Chinese the lint counts when English is missing (a Latin name is an identifier). */
const COUNTED_KEYS = ['title', 'label', 'name'] as const;

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);
const HAN = /[\u4e00-\u9fff]/;

const cache: Record<SchemaLanguage, WeakMap<object, unknown>> = {
  'zh-CN': new WeakMap(),
  'en-US': new WeakMap(),
};

function walk(value: Json, language: SchemaLanguage): Json {
  if (Array.isArray(value)) return value.map((v) => walk(v, language));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'i18n') out[k] = walk(v, language);
  const own = (value.i18n as Record<string, Record<string, string>> | undefined)?.[language];
  if (isObject(own))
    for (const k of TRANSLATED_KEYS) if (typeof own[k] === 'string' && own[k]) out[k] = own[k];
  return out;
}

/**
 * The schema file as shown in `language`: Chinese as written (the same object), English with each
 * object's `i18n['en-US']` texts in place of the Chinese ones. Memoised per object and language, so
 * React memos keyed on the result stay stable.
 */
export function localise<T>(def: T, language: SchemaLanguage): T {
  if (language === 'zh-CN' || !isObject(def)) return def;
  const memo = cache[language];
  let found = memo.get(def) as T | undefined;
  if (!found) {
    found = walk(def, language) as T;
    memo.set(def, found);
  }
  return found;
}

/** JSON pointers of the Chinese titles, labels and names of a schema file that have no English yet. */
export function missingEnglish(def: Json, path = ''): string[] {
  if (Array.isArray(def)) return def.flatMap((v, i) => missingEnglish(v, `${path}/${i}`));
  if (!isObject(def)) return [];
  const english = (def.i18n as Record<string, Record<string, string>> | undefined)?.['en-US'];
  const own = COUNTED_KEYS.filter(
    (k) => typeof def[k] === 'string' && HAN.test(def[k] as string) && !english?.[k],
  ).map((k) => `${path}/${k}`);
  const nested = Object.entries(def)
    .filter(([k]) => k !== 'i18n' && k !== '$schema' && k !== 'description')
    .flatMap(([k, v]) => missingEnglish(v, `${path}/${k}`));
  return [...own, ...nested];
}
