import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaFilesVersion } from '../../src/schema/node/files';
import type { Database } from './index';

/**
 * Keys for work a start can skip when nothing it depends on changed (docs/decisions.md "First and warm
 * start"): applySchemas (stamped in schema_stamp) and the prepared demo database (server/db/demo-db.ts).
 */

function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

/**
 * The running server code, when it runs as the bundle dist-server/main.mjs: every migration, seed and
 * table rule is in that one file, so its hash says whether they changed. Under tsx (`npm run dev`,
 * tests) there is no such file: undefined, and nothing is skipped on its account. `file`: another
 * process's bundle (the server tests' template takes the prepared demo database of the built server).
 */
export function bundleVersion(file = bundleFile()): string | undefined {
  return file ? sha256(fs.readFileSync(file)) : undefined;
}

/** dist-server/main.mjs when this code runs from it. */
export function bundleFile(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return file.endsWith('.mjs') && path.basename(path.dirname(file)) === 'dist-server' ? file : undefined;
}

export { sha256 };

/**
 * Every file under the schemas directory (meta-schemas included), names and contents. Hashed by the
 * reader the catalog reads them with (src/schema/node/files.ts): a start reads them once for both.
 */
export function schemasVersion(dir: string): string {
  return schemaFilesVersion(dir);
}

export interface StampInputs {
  /** The server code's version (bundleVersion, or a test run's id); none: never skip. */
  code: string | undefined;
  schemasDir: string;
  demo: { production: boolean } | undefined;
}

/** The key of an applySchemas: undefined when the code has no version (always apply). */
export function stampKey(inputs: StampInputs): string | undefined {
  if (!inputs.code) return undefined;
  const demo = inputs.demo ? `demo:${inputs.demo.production ? 'production' : 'dev'}` : 'no demo';
  return sha256('schema-stamp 1', inputs.code, schemasVersion(inputs.schemasDir), demo);
}

export async function readStamp(db: Database): Promise<string | undefined> {
  const row = await db.selectFrom('schemaStamp').select('key').where('id', '=', 1).executeTakeFirst();
  return row?.key;
}

/** Records the key, or forgets it (undefined): called before and after every applySchemas. */
export async function writeStamp(db: Database, key: string | undefined): Promise<void> {
  await db.deleteFrom('schemaStamp').execute();
  if (key) await db.insertInto('schemaStamp').values({ id: 1, key }).execute();
}
