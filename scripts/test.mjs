// `npm test`: every check, each reported; exits non-zero if any failed.
// Typecheck, lint, schema checks, unit, server on PGlite, server on PostgreSQL (when
// TEST_DATABASE_URL is set), end-to-end in Chromium, QA snapshots of every schema page.
//
// The browser steps run one after another from the start; the other steps run beside them, TEST_JOBS
// at a time (default 3: the server steps spend much of their time waiting on a database), under nice,
// so that a page is never starved of CPU: its timeouts are a user's patience.
// Each step's output is held until it ends, then printed whole under its name; meanwhile one status
// line says what runs. The summary gives each step's time and CPU, and the run's. TEST_JOBS=1: one at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const has = (p) => fs.existsSync(path.join(root, p));
const pg = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two lanes. The browser lane (`browser: true`) runs its steps one after another at normal priority,
 * from the start: the end-to-end tests, then the QA snapshots (both build the front end when it is
 * stale and start Chromium; the first build serves both). Every other step runs in the background
 * lane, TEST_JOBS at a time, under `nice`: the browser steps' timeouts are a user's patience, so they
 * take the CPU whenever they want it, and the background uses what they leave (they wait on pages and
 * animations for much of their run). In each lane the long ones first. `after`: a step that must end
 * first. TEST_JOBS=1: one step at a time, the browser lane last.
 */
const steps = [
  {
    name: 'server tests (PGlite)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server'],
    env: { TEST_DB: 'pglite' },
  },
  {
    name: 'server tests (PostgreSQL)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server'],
    env: { TEST_DB: 'postgres' },
    enabled: pg,
    why: 'TEST_DATABASE_URL is not set',
  },
  {
    name: 'codegen up to date',
    cmd: bin('tsx'),
    args: ['scripts/codegen/index.ts', '--check'],
    enabled: has('scripts/codegen/index.ts'),
  },
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  { name: 'lint (ESLint)', cmd: bin('eslint'), args: ['.'] },
  { name: 'format (Prettier)', cmd: bin('prettier'), args: ['--check', '.'] },
  {
    name: 'schema lint',
    cmd: bin('tsx'),
    args: ['scripts/lint-schemas/index.ts'],
    enabled: has('scripts/lint-schemas/index.ts'),
  },
  { name: 'unit tests', cmd: bin('vitest'), args: ['run', '--project', 'unit'] },
  {
    name: 'end-to-end tests (Chromium)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'e2e'],
    browser: true,
  },
  {
    name: 'QA snapshots (--check)',
    cmd: bin('tsx'),
    args: ['scripts/snapshots/index.ts', '--check'],
    after: 'end-to-end tests (Chromium)',
    browser: true,
  },
];

const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 3);
const tty = process.stdout.isTTY;
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** name → { state: 'waiting' | 'running' | 'done', outcome, ms, begun } */
const state = new Map(
  steps.map((s) => [
    s.name,
    s.enabled === false
      ? { state: 'done', outcome: `skipped (${s.why ?? 'not present yet'})` }
      : { state: 'waiting' },
  ]),
);
const children = new Set();

function status() {
  const running = steps
    .filter((s) => state.get(s.name).state === 'running')
    .map((s) => `${s.name} ${clock(Date.now() - state.get(s.name).begun)}`);
  const done = steps.filter((s) => state.get(s.name).state === 'done').length;
  return `[${clock(Date.now() - started)}] ${done}/${steps.length} done; running: ${running.join(', ') || '—'}`;
}

let statusShown = false;
function clearStatus() {
  if (tty && statusShown) process.stdout.write('\r\x1b[2K');
  statusShown = false;
}
function showStatus() {
  if (!tty) return;
  const line = status();
  process.stdout.write(`\r\x1b[2K${line.slice(0, (process.stdout.columns || 120) - 1)}`);
  statusShown = true;
}

/** The children's user + system time from bash's `times` (its second line: `1m2.345s 0m3.456s`). */
function cpuOf(text) {
  const line = text.trim().split('\n')[1];
  if (!line) return undefined;
  return line
    .trim()
    .split(/\s+/)
    .reduce((n, t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t);
      return m ? n + (Number(m[1]) * 60 + Number(m[2])) * 1000 : n;
    }, 0);
}

function run(step) {
  const entry = state.get(step.name);
  entry.state = 'running';
  entry.begun = Date.now();
  const chunks = [];
  return new Promise((resolve) => {
    // Through bash, whose `times` reports the CPU the step's processes used (its children and theirs,
    // once waited for) on a fourth pipe: what the steps cost the machine, beside how long they took.
    // The background lane yields the CPU to the browser lane (nice 10: about a tenth of its share).
    const command = !step.browser && jobs > 1 ? ['nice', '-n', '10', step.cmd] : [step.cmd];
    const child = spawn(
      'bash',
      ['-c', '"$@"; rc=$?; times >&3; exit $rc', step.name, ...command, ...step.args],
      {
        cwd: root,
        env: { ...process.env, ...(tty ? { FORCE_COLOR: '1' } : {}), ...step.env },
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        // Its own process group, so that a stop reaches the step's processes, not only bash.
        detached: true,
      },
    );
    children.add(child);
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const times = [];
    child.stdio[3].on('data', (c) => times.push(c));
    let finished = false;
    const finish = (code, signal, error) => {
      // A command that cannot start reports 'error' and then 'close': one report.
      if (finished) return;
      finished = true;
      children.delete(child);
      entry.state = 'done';
      entry.ms = Date.now() - entry.begun;
      entry.cpuMs = cpuOf(Buffer.concat(times).toString());
      entry.outcome =
        code === 0
          ? `ok (${seconds(entry.ms)} s)`
          : `FAILED (${error ?? `exit ${code ?? signal}`}, ${seconds(entry.ms)} s)`;
      if (entry.cpuMs !== undefined) entry.outcome += `, CPU ${seconds(entry.cpuMs)} s`;
      clearStatus();
      process.stdout.write(`\n── ${step.name}: ${entry.outcome}\n`);
      process.stdout.write(Buffer.concat(chunks));
      showStatus();
      resolve();
    };
    child.once('error', (error) => finish(null, null, error.message));
    child.once('close', (code, signal) => finish(code, signal));
  });
}

// Ctrl-C or a CI timeout: the steps' processes go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

const ticker = setInterval(
  () => {
    if (tty) showStatus();
    else console.log(status());
  },
  tty ? 1000 : 60_000,
);
console.log(
  jobs === 1
    ? `running ${steps.length} steps, one at a time (TEST_JOBS=1)`
    : `running ${steps.length} steps: the browser lane, and ${jobs} at a time beside it under nice (TEST_JOBS)`,
);
for (const s of steps)
  if (state.get(s.name).outcome) console.log(`── ${s.name}: ${state.get(s.name).outcome}`);

const ready = (s) => {
  if (state.get(s.name).state !== 'waiting') return false;
  return !s.after || state.get(s.after).state === 'done';
};
/** Runs a lane's steps, `width` at a time, each once what it comes after has ended. */
async function lane(list, width) {
  const active = new Set();
  for (;;) {
    while (active.size < width) {
      const next = list.find(ready);
      if (!next) break;
      const p = run(next).then(() => active.delete(p));
      active.add(p);
    }
    if (!active.size) break;
    await Promise.race(active);
  }
}
const browserLane = steps.filter((s) => s.browser);
const backgroundLane = steps.filter((s) => !s.browser);
if (jobs === 1) {
  await lane(backgroundLane, 1);
  await lane(browserLane, 1);
} else {
  await Promise.all([lane(browserLane, 1), lane(backgroundLane, jobs)]);
}
clearInterval(ticker);
clearStatus();

const total = Date.now() - started;
const sum = steps.reduce((n, s) => n + (state.get(s.name).ms ?? 0), 0);
const cpu = steps.reduce((n, s) => n + (state.get(s.name).cpuMs ?? 0), 0);
const cores = os.availableParallelism();
console.log('\n── summary');
for (const s of steps) console.log(`  ${s.name.padEnd(30)} ${state.get(s.name).outcome}`);
console.log(
  `  ${'total'.padEnd(30)} ${seconds(total)} s (steps add up to ${seconds(sum)} s; ${jobs} at a time beside the browser lane)`,
);
// No schedule finishes before the CPU the steps need is spread over every core.
console.log(
  `  ${'CPU'.padEnd(30)} ${seconds(cpu)} s: on ${cores} cores no run can take less than ${seconds(cpu / cores)} s`,
);
// The run's times for `npm run bench -- test-suite` (bench/test-suite.ts, issue 21.7).
try {
  fs.writeFileSync(
    path.join(root, 'bench/results/test-suite.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        jobs,
        load: os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' '),
        totalSeconds: Number(seconds(total)),
        cores,
        cpuSeconds: Number(seconds(cpu)),
        steps: steps.map((s) => ({
          name: s.name,
          outcome: state.get(s.name).outcome,
          seconds: state.get(s.name).ms === undefined ? null : Number(seconds(state.get(s.name).ms)),
          cpuSeconds: state.get(s.name).cpuMs === undefined ? null : Number(seconds(state.get(s.name).cpuMs)),
        })),
      },
      null,
      2,
    )}\n`,
  );
} catch {
  // A read-only checkout keeps no record; the summary above is the run's report.
}
const failed = steps.filter((s) => state.get(s.name).outcome.startsWith('FAILED')).length;
process.exit(failed ? 1 : 0);
