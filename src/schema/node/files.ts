/**
 * The one part of the schema core that touches the file system (Node only: the server, codegen, lint
 * and snapshots use it; the browser never does): finds schemas/, reads every file and checks it
 * against its meta-schema. What a file is and how problems are named is pure, in ../files.ts.
 */
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
export function readSchemaFiles(dir: string): { files: SchemaFile[]; problems: SchemaProblem[] } {
  const checks = metaValidators(dir);
  const files: SchemaFile[] = [];
  const problems: SchemaProblem[] = [];
  for (const rel of walk(dir)) {
    const shown = displayPath(dir, rel);
    const kind = kindOf(rel);
    if (!kind) {
      problems.push({ file: shown, path: '', message: 'file is in no known schema folder' });
      continue;
    }
    let text: string;
    let data: Record<string, unknown>;
    try {
      text = fs.readFileSync(path.join(dir, rel), 'utf8');
      data = JSON.parse(text);
    } catch (error) {
      problems.push({ file: shown, path: '', message: `invalid JSON: ${(error as Error).message}` });
      continue;
    }
    const found = metaProblems(checks, kind, text, data);
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
  return { files, problems };
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
