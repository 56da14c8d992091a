/**
 * The schema files as data: their kinds, the folder each kind lives in, the meta-schema it follows,
 * and how a problem in one is named (file + JSON pointer). Pure; src/schema/node/files.ts reads them.
 */

export type SchemaKind =
  'enum' | 'resource' | 'page' | 'form' | 'validators' | 'seed' | 'menu' | 'print' | 'workflow' | 'home';

export interface SchemaFile {
  /** Path relative to the schemas directory, with forward slashes (as messages show it). */
  file: string;
  kind: SchemaKind;
  data: Record<string, unknown>;
}

export interface SchemaProblem {
  /** File relative to the repository root, e.g. schemas/pages/admin/userList.json. */
  file: string;
  /** JSON pointer inside the file, e.g. /columns/3/field. */
  path: string;
  message: string;
}

export const META: Record<SchemaKind, string> = {
  enum: 'enum.schema.json',
  resource: 'resource.schema.json',
  page: 'page.schema.json',
  form: 'form.schema.json',
  validators: 'validators.schema.json',
  seed: 'seed.schema.json',
  menu: 'menu.schema.json',
  print: 'print.schema.json',
  workflow: 'workflow.schema.json',
  home: 'home.schema.json',
};

export function kindOf(rel: string): SchemaKind | undefined {
  if (rel === 'forms/validators.json') return 'validators';
  if (/^enums\/[^/]+\.json$/.test(rel)) return 'enum';
  if (/^resources\/[^/]+\.json$/.test(rel)) return 'resource';
  if (/^pages\/[^/]+\/[^/]+\.json$/.test(rel)) return 'page';
  if (/^forms\/[^/]+\.json$/.test(rel)) return 'form';
  if (/^seed\/[^/]+\.json$/.test(rel)) return 'seed';
  if (/^menu\/[^/]+\.json$/.test(rel)) return 'menu';
  if (/^prints\/[^/]+\.json$/.test(rel)) return 'print';
  if (/^workflows\/[^/]+\.json$/.test(rel)) return 'workflow';
  if (/^home\/[^/]+\.json$/.test(rel)) return 'home';
  return undefined;
}

/** Shown in messages: relative to the repository when the directory is the checkout's schemas/. */
export function displayPath(dir: string, rel: string): string {
  const name = dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop();
  return `${name}/${rel}`;
}
