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

function walk(dir: string): string[] {
  const out: string[] = [];
  const visit = (sub: string) => {
    for (const e of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) visit(rel);
      else if (rel.endsWith('.json') && !rel.startsWith('meta/')) out.push(rel);
    }
  };
  if (fs.existsSync(dir)) visit('');
  return out.sort();
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
  for (const rel of walk(dir)) {
    const kind = kindOf(rel);
    if (!kind) {
      problems.push({ file: displayPath(dir, rel), path: '', message: 'file is in no known schema folder' });
      continue;
    }
    try {
      read.push({ rel, kind, text: fs.readFileSync(path.join(dir, rel), 'utf8') });
    } catch (error) {
      problems.push({
        file: displayPath(dir, rel),
        path: '',
        message: `unreadable: ${(error as Error).message}`,
      });
    }
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
