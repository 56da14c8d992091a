import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../fixtures/temp-dir';

export const SCHEMAS = path.resolve('schemas');

/** A writable copy of schemas/ (named schemas, so messages read schemas/…), edited by `edit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests edit schema files freely
export function schemasCopy(edits: Record<string, (data: any) => void> = {}): string {
  const root = tempDir('schemas-test-');
  const dir = path.join(root, 'schemas');
  fs.cpSync(SCHEMAS, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) editJson(dir, file, edit);
  return dir;
}

/** Edits one JSON file of a schemas directory in place. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests edit schema files freely
export function editJson(dir: string, file: string, edit: (data: any) => void): void {
  const full = path.join(dir, file);
  const data = JSON.parse(fs.readFileSync(full, 'utf8'));
  edit(data);
  fs.writeFileSync(full, JSON.stringify(data, null, 2));
}

export function writeJson(dir: string, file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), JSON.stringify(data, null, 2));
}
