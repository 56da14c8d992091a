// `npm test`: every check in order, each reported; exits non-zero if any failed.
// Typecheck, lint, schema checks, unit, server on PGlite, server on PostgreSQL (when
// TEST_DATABASE_URL is set), end-to-end in Chromium, QA snapshots of every schema page.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const has = (p) => fs.existsSync(path.join(root, p));

const steps = [
  [
    'codegen up to date',
    bin('tsx'),
    ['scripts/codegen/index.ts', '--check'],
    has('scripts/codegen/index.ts'),
  ],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', '.']],
  ['lint (ESLint)', bin('eslint'), ['.']],
  ['format (Prettier)', bin('prettier'), ['--check', '.']],
  ['schema lint', bin('tsx'), ['scripts/lint-schemas/index.ts'], has('scripts/lint-schemas/index.ts')],
  ['unit tests', bin('vitest'), ['run', '--project', 'unit']],
  ['server tests (PGlite)', bin('vitest'), ['run', '--project', 'server'], true, { TEST_DB: 'pglite' }],
  [
    'server tests (PostgreSQL)',
    bin('vitest'),
    ['run', '--project', 'server'],
    Boolean(process.env.TEST_DATABASE_URL),
    { TEST_DB: 'postgres' },
  ],
  ['end-to-end tests (Chromium)', bin('vitest'), ['run', '--project', 'e2e']],
  ['QA snapshots (--check)', bin('tsx'), ['scripts/snapshots/index.ts', '--check']],
];

const results = [];
for (const [name, cmd, args, enabled = true, env = {}] of steps) {
  if (!enabled) {
    const why = name.includes('PostgreSQL') ? 'TEST_DATABASE_URL is not set' : 'not present yet';
    console.log(`\n── ${name}: skipped (${why})`);
    results.push([name, 'skipped']);
    continue;
  }
  console.log(`\n── ${name}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push([name, run.status === 0 ? `ok (${seconds} s)` : `FAILED (exit ${run.status ?? run.signal})`]);
}

console.log('\n── summary');
for (const [name, outcome] of results) console.log(`  ${name.padEnd(30)} ${outcome}`);
const failed = results.filter(([, outcome]) => outcome.startsWith('FAILED')).length;
process.exit(failed ? 1 : 0);
