/**
 * The one part of the schema core that touches the file system (Node only: the server, codegen, lint
 * and snapshots use it; the browser never does): finds schemas/, reads every file and checks it
 * against its meta-schema. What a file is and how problems are named is pure, in ../files.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { displayPath, kindOf, META, type SchemaFile, type SchemaKind, type SchemaProblem } from '../files';

export type { SchemaFile, SchemaKind, SchemaProblem } from '../files';
export { displayPath } from '../files';

/**
 * schemas/ of this checkout, found upwards from this module: it runs from src/schema/node/ (tsx) or
 * from the bundle in dist-server/. SCHEMAS_DIR overrides it (tests that add a page as JSON only).
 */
export function defaultSchemasDir(): string {
  if (process.env.SCHEMAS_DIR) return process.env.SCHEMAS_DIR;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'schemas', 'meta'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('schemas/ not found above the server code; set SCHEMAS_DIR');
    dir = up;
  }
  return path.join(dir, 'schemas');
}

/**
 * Every file under a schemas directory (meta-schemas and the README too), read once while none of them
 * changes. Why: a start needs them twice, and reading ~550 files was a visible part of a warm start.
 * The stamp's key (server/db/stamp.ts, schemasVersion) hashes them all to decide whether applySchemas
 * may be skipped, then the catalog (readSchemaFiles, for the engine and again for exports) parses the
 * same files: one read serves all of them. Whether anything changed is asked at every call, cheaply:
 * the listing and each file's size, inode and modification time (nanoseconds), no contents.
 */
interface SchemaDirRead {
  /** The listing and the stats it was read with: equal keys, same files. */
  key: string;
  /**
   * Plain files and (symlinked) schema files, depth first, each folder's entries by name (the order of
   * the hash): `regular` for plain files (a symlink is read by readSchemaFiles, never hashed, as before).
   */
  entries: { rel: string; regular: boolean; content?: Buffer; error?: Error }[];
  /** The hash of every plain file's name and content; the error of the first that could not be read. */
  version: string | Error;
}

/** A few folders at most (tests load copies of schemas/): the contents are held, ~4 MB each. */
const dirReads = new Map<string, SchemaDirRead>();
const DIR_READS_KEPT = 4;

/** A file readSchemaFiles reads: JSON, meta-schemas excepted. */
const isSchemaFile = (rel: string) => rel.endsWith('.json') && !rel.startsWith('meta/');

function listSchemaDir(dir: string): { key: string; entries: { rel: string; regular: boolean }[] } {
  const entries: { rel: string; regular: boolean }[] = [];
  const key: string[] = [];
  const visit = (sub: string) => {
    const found = fs.readdirSync(path.join(dir, sub), { withFileTypes: true });
    for (const e of found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) {
        visit(rel);
        continue;
      }
      // What either reader wants: plain files for the hash, the schema files for the catalog.
      const regular = e.isFile();
      if (!regular && !isSchemaFile(rel)) continue;
      entries.push({ rel, regular });
      let stat: fs.BigIntStats | undefined;
      try {
        stat = fs.statSync(path.join(dir, rel), { bigint: true });
      } catch {
        // Unreadable: the read below records why.
      }
      key.push(`${rel}\u0000${stat ? `${stat.size}:${stat.ino}:${stat.mtimeNs}` : '!'}`);
    }
  };
  visit('');
  return { key: key.join('\u0000'), entries };
}

function readSchemaDir(dir: string): SchemaDirRead | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const listed = listSchemaDir(dir);
  const hit = dirReads.get(dir);
  if (hit?.key === listed.key) return hit;
  const hash = createHash('sha256');
  let failed: Error | undefined;
  const entries = listed.entries.map(({ rel, regular }) => {
    try {
      const content = fs.readFileSync(path.join(dir, rel));
      if (regular) hash.update(rel).update('\u0000').update(content);
      return { rel, regular, content };
    } catch (error) {
      if (regular) failed ??= error as Error;
      return { rel, regular, error: error as Error };
    }
  });
  const read = { key: listed.key, entries, version: failed ?? hash.digest('hex') };
  dirReads.delete(dir);
  dirReads.set(dir, read);
  while (dirReads.size > DIR_READS_KEPT) dirReads.delete(dirReads.keys().next().value!);
  return read;
}

/**
 * What the files under `dir` are now, as an identity: the same object while no file was added, removed
 * or rewritten (names, sizes, inodes and modification times, as the contents' cache keys them), a new
 * one after. Lets a reader keep what it built from the files without reading them again.
 */
export function schemaFilesToken(dir: string): object | undefined {
  return readSchemaDir(dir);
}

/**
 * The hash of every file under the schemas directory, meta-schemas included: names and contents, so
 * equal versions mean equal files wherever the folder is (server/db/stamp.ts keys on it). Throws as
 * reading them would (a missing folder, an unreadable file): never the version of no files.
 */
export function schemaFilesVersion(dir: string): string {
  const read = readSchemaDir(dir);
  if (!read) throw new Error(`schemas folder not found: ${dir}`);
  if (read.version instanceof Error) throw read.version;
  return read.version;
}

/**
 * Reads every schema file and validates it against the meta-schema its folder calls for.
 * Returns the parsed files and the problems found; an unreadable file is a problem, not a crash.
 */
export function readSchemaFiles(dir: string): {
  files: SchemaFile[];
  problems: SchemaProblem[];
  /** Every file's name and text, hashed: equal signatures, equal files. */
  signature: string;
  /**
   * Whether the catalog built from these files passed the server's own checks at an earlier start of
   * this same code (loadCatalog), and how to record that it did: always no outside the bundle.
   */
  catalogChecks: { yes: boolean; remember(): void };
} {
  const files: SchemaFile[] = [];
  const problems: SchemaProblem[] = [];
  const read: { rel: string; kind: SchemaKind; text: string }[] = [];
  const schemaFiles = (readSchemaDir(dir)?.entries ?? [])
    .filter((e) => isSchemaFile(e.rel))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  for (const { rel, content, error } of schemaFiles) {
    const kind = kindOf(rel);
    if (!kind) {
      problems.push({ file: displayPath(dir, rel), path: '', message: 'file is in no known schema folder' });
      continue;
    }
    if (content) read.push({ rel, kind, text: content.toString('utf8') });
    else
      problems.push({
        file: displayPath(dir, rel),
        path: '',
        message: `unreadable: ${error!.message}`,
      });
  }
  // Checked before, by this same code, with these same files and meta-schemas: no need to compile them.
  const passed = passedBefore(dir, read);
  let checks: MetaChecks | undefined;
  for (const { rel, kind, text } of read) {
    const shown = displayPath(dir, rel);
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(text);
    } catch (error) {
      problems.push({ file: shown, path: '', message: `invalid JSON: ${(error as Error).message}` });
      continue;
    }
    const found = passed.yes ? [] : metaProblems((checks ??= metaValidators(dir)), kind, text, data);
    if (found.length) {
      for (const e of found) problems.push({ file: shown, path: e.path, message: e.message });
      continue;
    }
    const expectedName = path.basename(rel, '.json');
    if (kind !== 'validators' && data.name !== expectedName) {
      problems.push({
        file: shown,
        path: '/name',
        message: `name must equal the file name "${expectedName}"`,
      });
    }
    files.push({ file: rel, kind, data });
  }
  if (!passed.yes && !problems.length) passed.remember();
  const signature = createHash('sha256');
  for (const { rel, text } of read) signature.update(rel).update('\u0000').update(text).update('\u0000');
  return { files, problems, signature: signature.digest('hex'), catalogChecks: passed.catalog };
}

/**
 * Where the server remembers, across starts, that a set of schema files passed their meta-schemas
 * (set by server/main.ts when it runs from its bundle, with the bundle's version): compiling the
 * meta-schemas was the largest part of a warm start. The key covers the checking code, the
 * meta-schemas and every file's name and text, so any change checks everything again.
 */
let remembered: { dir: string; code: string } | undefined;
export function rememberSchemaChecks(dir: string, code: string): () => void {
  const before = remembered;
  remembered = { dir, code };
  // Undoes the call (tests share one process).
  return () => {
    remembered = before;
  };
}

function passedBefore(
  dir: string,
  read: { rel: string; text: string }[],
): { yes: boolean; remember(): void; catalog: { yes: boolean; remember(): void } } {
  const never = { yes: false, remember: () => {} };
  if (!remembered) return { ...never, catalog: never };
  const hash = createHash('sha256').update(remembered.code);
  for (const metaFile of Object.values(META))
    hash.update('\u0000').update(fs.readFileSync(path.join(dir, 'meta', metaFile)));
  for (const { rel, text } of read) hash.update('\u0000').update(rel).update('\u0000').update(text);
  const marker = path.join(remembered.dir, hash.digest('hex'));
  const note = (file: string) => ({
    yes: fs.existsSync(file),
    remember: () => {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, '');
      } catch {
        // A read-only checkout checks at every start, as before.
      }
    },
  });
  // The catalog's checks (references, seeds, workflows) read nothing but these files and this code.
  return { ...note(marker), catalog: note(`${marker}.catalog`) };
}

/**
 * Compiling the meta-schemas and checking every file against them was most of the server's start-up,
 * and the server reads the files twice (resources, exports). Both are remembered for the process:
 * the validators per meta-schema text, the verdict per file text (files are parsed anew each time).
 */
interface MetaChecks {
  key: string;
  validators: Map<SchemaKind, ValidateFunction>;
  /** Problems per kind and file text, under these meta-schemas. */
  verdicts: Map<string, { path: string; message: string }[]>;
}
const metaCache = new Map<string, MetaChecks>();

function metaValidators(dir: string): MetaChecks {
  const texts = Object.entries(META).map(
    ([kind, metaFile]) => [kind, fs.readFileSync(path.join(dir, 'meta', metaFile), 'utf8')] as const,
  );
  const key = texts.map(([, t]) => t).join('\u0000');
  const hit = metaCache.get(dir);
  if (hit?.key === key) return hit;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validators = new Map<SchemaKind, ValidateFunction>();
  for (const [kind, text] of texts) validators.set(kind as SchemaKind, ajv.compile(JSON.parse(text)));
  const checks = { key, validators, verdicts: new Map() };
  metaCache.set(dir, checks);
  return checks;
}

function metaProblems(
  checks: MetaChecks,
  kind: SchemaKind,
  text: string,
  data: Record<string, unknown>,
): { path: string; message: string }[] {
  const key = `${kind}\u0000${text}`;
  let found = checks.verdicts.get(key);
  if (!found) {
    const validate = checks.validators.get(kind)!;
    found = validate(data)
      ? []
      : relevantErrors(validate.errors ?? []).map((e) => ({ path: e.instancePath, message: describe(e) }));
    checks.verdicts.set(key, found);
  }
  return found;
}

/** oneOf/anyOf report every branch; the deepest errors say most, so keep those. */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const max = Math.max(...errors.map(depth));
  const deepest = errors.filter((e) => depth(e) === max && e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const seen = new Set<string>();
  return (deepest.length ? deepest : errors).filter((e) => {
    const key = `${e.instancePath} ${describe(e)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `unknown property "${String(p.additionalProperty)}"`;
  if (e.keyword === 'enum') return `${e.message}: ${JSON.stringify(p.allowedValues)}`;
  return e.message ?? e.keyword;
}
