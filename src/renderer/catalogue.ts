import { getPreferences } from '@/runtime/preferences';
import { localise } from '@/schema/i18n';
import type { EnumDef, EnumItem, FormDef, ResourceDef } from './schema-types';

/** The language schema texts are shown in (their `i18n` English, else the Chinese). */
const language = () => getPreferences().language;

/**
 * The schema files the browser reads, each as the user's language shows it (src/schema/i18n.ts), found by Vite's import.meta.glob (no list to keep in sync):
 * resources and forms load on demand, each its own chunk; enums are small and every list needs a few,
 * so they come with the renderer.
 */
const resourceFiles = import.meta.glob<ResourceDef>('/schemas/resources/*.json', { import: 'default' });
const formFiles = import.meta.glob<FormDef>(['/schemas/forms/*.json', '!/schemas/forms/validators.json'], {
  import: 'default',
});
const enumFiles = import.meta.glob<EnumDef>('/schemas/enums/*.json', { import: 'default', eager: true });

export const resourceFile = (name: string) => `schemas/resources/${name}.json`;
export const formFile = (name: string) => `schemas/forms/${name}.json`;
export const enumFile = (name: string) => `schemas/enums/${name}.json`;

/** A reference to a schema file that does not exist: shown as a loud failure naming both ends. */
export class MissingSchemaError extends Error {
  constructor(
    readonly kind: 'resource' | 'form' | 'page',
    readonly file: string,
    readonly referencedFrom?: string,
  ) {
    super(`${file} not found${referencedFrom ? ` (referenced from ${referencedFrom})` : ''}`);
    this.name = 'MissingSchemaError';
  }
}

export async function loadResource(name: string, referencedFrom?: string): Promise<ResourceDef> {
  const load = resourceFiles[`/${resourceFile(name)}`];
  if (!load) throw new MissingSchemaError('resource', resourceFile(name), referencedFrom);
  return localise(await load(), language());
}

export async function loadForm(name: string, referencedFrom?: string): Promise<FormDef> {
  const load = formFiles[`/${formFile(name)}`];
  if (!load) throw new MissingSchemaError('form', formFile(name), referencedFrom);
  return localise(await load(), language());
}

export function hasForm(name: string): boolean {
  return `/${formFile(name)}` in formFiles;
}

const enumsByName = new Map<string, EnumDef>();

/** The enumeration named by an x-enum / column enum reference, or undefined when there is none. */
export function enumDef(name: string): EnumDef | undefined {
  if (!enumsByName.size) for (const def of Object.values(enumFiles)) enumsByName.set(def.name, def);
  const def = enumsByName.get(name);
  return def && localise(def, language());
}

/** The item of a value; values compare as text, so '10' from a URL finds 10. */
export function enumItem(def: EnumDef, value: unknown): EnumItem | undefined {
  return def.items.find((i) => String(i.value) === String(value));
}

/** Select options of an enumeration, in file order. */
export function enumOptions(def: EnumDef): { label: string; value: string | number }[] {
  return def.items.map((i) => ({ label: i.label, value: i.value }));
}
