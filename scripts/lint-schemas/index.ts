import path from 'node:path';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { formatProblem, lintSchemas } from './lint';

/**
 * `npx tsx scripts/lint-schemas/index.ts [schemas-dir]`: prints every problem as file#json-pointer: message
 * and exits 1 when there is any.
 */
async function main() {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : defaultSchemasDir();
  const problems = await lintSchemas(dir);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} schema problem(s).`);
    process.exit(1);
  }
  console.log('schemas: all files valid, all references resolve.');
}

void main();
