import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { SchemaError } from '../../src/schema/node/load';
import { formatProblem } from '../lint-schemas/lint';
import { generate } from './generate';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function listFiles(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** Files that differ, are missing, or should not be there. */
export function staleFiles(outDir: string, files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, content] of files) {
    const target = path.join(outDir, file);
    if (!fs.existsSync(target)) problems.push(`missing: ${file}`);
    else if (fs.readFileSync(target, 'utf8') !== content) problems.push(`stale: ${file}`);
  }
  for (const file of listFiles(outDir)) if (!files.has(file)) problems.push(`not generated: ${file}`);
  return problems.sort();
}

export function writeFiles(outDir: string, files: Map<string, string>): void {
  for (const file of listFiles(outDir)) if (!files.has(file)) fs.rmSync(path.join(outDir, file));
  for (const [file, content] of files) {
    const target = path.join(outDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== content)
      fs.writeFileSync(target, content);
  }
}

/**
 * `npx tsx scripts/codegen/index.ts [--check] [--out dir] [--schemas dir]`: writes src/generated from
 * schemas/; with --check writes nothing and exits 1 when src/generated is stale.
 */
async function main(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const outDir = path.resolve(arg('--out') ?? path.join(ROOT, 'src/generated'));
  const schemasDir = path.resolve(arg('--schemas') ?? defaultSchemasDir());
  let files: Map<string, string>;
  try {
    files = await generate(schemasDir, ROOT);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    for (const p of error.problems) console.error(formatProblem(p));
    console.error('\ncodegen: fix the schema problems above first (npx tsx scripts/lint-schemas/index.ts).');
    process.exit(1);
  }
  if (argv.includes('--check')) {
    const stale = staleFiles(outDir, files);
    if (stale.length) {
      console.error(`${stale.join('\n')}\n\nsrc/generated is stale: run npx tsx scripts/codegen/index.ts`);
      process.exit(1);
    }
    console.log('src/generated is up to date.');
    return;
  }
  writeFiles(outDir, files);
  console.log(`codegen: ${files.size} files in ${path.relative(ROOT, outDir) || '.'}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void main(process.argv.slice(2));
}
