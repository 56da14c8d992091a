import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { OpenedDatabase } from './index';
import { bundleFile, schemasVersion, sha256 } from './stamp';

/**
 * The prepared demo database (docs/decisions.md "First and warm start"): the first start on a new
 * DATA_DIR (PGlite, demo mode, never production) that finds none migrates and seeds as before, then
 * dumps the result (PGlite's data-dir tarball, as the server tests' template) into
 * dist-server/demo-db/; every later first start with the same server bundle, schema files, PGlite and
 * seed day restores that file instead. The day is part of the key: demo rows and document codes are
 * dated around the day they were seeded, so another day seeds anew. The dump holds no secret: the keys
 * live in DATA_DIR/keys, made per DATA_DIR, and the database has served no request when it is dumped.
 */

/** How many prepared databases are kept: today's, the tests' pinned day, and one more (a benchmark's). */
const KEEP = 3;

export interface DemoDatabaseInputs {
  code: string;
  schemasDir: string;
  anchor: string;
}

/**
 * The file for these inputs; undefined when the server does not run from its bundle. `bundle`: the
 * bundle whose file it is when that is another process's (the server tests' template).
 */
export function demoDatabaseFile(
  inputs: DemoDatabaseInputs,
  bundle: string | undefined = bundleFile(),
): string | undefined {
  if (!bundle) return undefined;
  const key = sha256(
    'demo-db 1',
    inputs.code,
    schemasVersion(inputs.schemasDir),
    pgliteVersion(path.dirname(path.dirname(bundle))),
    inputs.anchor,
  );
  return path.join(path.dirname(bundle), 'demo-db', `${inputs.anchor}-${key.slice(0, 16)}.tar`);
}

function pgliteVersion(root: string): string {
  try {
    const file = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
    return JSON.parse(fs.readFileSync(file, 'utf8')).version as string;
  } catch {
    return 'unknown';
  }
}

/** A PGlite data directory already holds a database. */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The prepared file's contents, marked as used (pruning keeps the most recently used). */
export function readDemoDatabase(file: string): Blob | undefined {
  if (!fs.existsSync(file)) return undefined;
  const now = new Date();
  fs.utimesSync(file, now, now);
  return new Blob([fs.readFileSync(file)]);
}

/**
 * Dumps a freshly seeded database to `file` (a temporary name first, then renamed: a concurrent start
 * never reads half a file) and removes all but the KEEP most recently used ones.
 */
export async function saveDemoDatabase(opened: OpenedDatabase, file: string): Promise<void> {
  if (!opened.dump) return;
  // Everything on disk, so the tarball needs no recovery when it is opened.
  await sql`checkpoint`.execute(opened.db);
  const dump = await opened.dump();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  const dir = path.dirname(file);
  const kept = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.tar'))
    .map((f) => ({ f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of kept.slice(KEEP)) fs.rmSync(path.join(dir, f), { force: true });
}
