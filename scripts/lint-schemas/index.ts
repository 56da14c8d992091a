import path from 'node:path';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { checkEnglish } from './check-english';
import { formatProblem, lintSchemas } from './lint';

/**
 * `npx tsx scripts/lint-schemas/index.ts [schemas-dir] [--no-seed]`: prints every problem as file#json-pointer: message
 * and exits 1 when there is any. Then reports (a warning, never a failure) how many titles and labels
 * have no English yet (issue 20.5; `--english` lists them per file).
 */
async function main() {
  const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const dir = arg ? path.resolve(arg) : defaultSchemasDir();
  // --no-seed: tables and columns only (`npm test`, whose first step writes the demo rows with these files).
  const problems = await lintSchemas(dir, process.argv.includes('--no-seed') ? { seed: false } : {});
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`\n${problems.length} schema problem(s).`);
    process.exit(1);
  }
  console.log('schemas: all files valid, all references resolve.');
  const english = checkEnglish(dir);
  const files = Object.keys(english.missing);
  if (process.argv.includes('--english'))
    for (const f of files) console.warn(`${f}: no English for ${english.missing[f]!.join(', ')}`);
  if (english.total)
    console.warn(
      `warning: ${english.total} title(s) and label(s) in ${files.length} file(s) have no English yet ` +
        "(i18n['en-US'], docs/schemas.md 'English texts'; --english lists them).",
    );
}

void main();
