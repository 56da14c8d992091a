// `npm test`: every check, each reported; exits non-zero if any failed.
// Typecheck, lint, schema checks, unit, the server suite (on PostgreSQL when TEST_DATABASE_URL is set,
// with the PGlite set of scripts/test-pglite-set.mjs on PGlite beside it; otherwise all on PGlite),
// QA snapshots of every schema page, end-to-end in Chromium.
//
// Independent steps run side by side (TEST_JOBS at a time, default 3: the server steps spend much of
// their time waiting on a database, so three keep two cores busy). The end-to-end tests run last,
// with no other test step beside them: their timeouts are a user's patience, and a page starved of CPU
// by a server suite beside it fails them; so do the server and unit suites' own timeouts beside the
// browser tests (measured: docs/decisions.md, "The test run on two cores"). The browser tests run
// in two lanes (two files at a time, a server each), which keeps both cores busy. The checks that have
// no timeouts (typecheck, lint, format, codegen, schema lint) run in the background, at the lowest CPU
// priority, and take what the others leave, beside the browser tests too. The QA snapshots are not
// among them: their pages wait on their server's answers with the console's 30 s request timeout, and
// a server at the lowest priority beside two lanes of browser tests was starved past it (a list drawn
// empty); they run in the first phase, beside the server suites.
// Each step's output is held until it ends, then printed whole under its name; meanwhile one status
// line says what runs. The summary gives each step's time and CPU, and the run's: the CPU the
// machine spent over the whole run (/proc/stat), which counts what a step's own figure cannot (a
// PostgreSQL server, Chromium's renderers). TEST_JOBS=1: one at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGLITE_SET } from './test-pglite-set.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const has = (p) => fs.existsSync(path.join(root, p));
const pg = Boolean(process.env.TEST_DATABASE_URL);

/**
 * In the order they start: the long ones first, the short checks fill the slots they leave.
 * `background`: runs at the lowest CPU priority (see `lowerPriority`), TEST_JOBS of them beside the
 * TEST_JOBS others. `alone`: starts when every step that is not in the background has ended, and no
 * such step starts beside it. `needs`: starts once that step has ended. The first step builds the front end and the server and seeds the demo database the
 * PGlite steps start from (scripts/prepare-test-db.ts); the PostgreSQL suite and the checks run beside it.
 *
 * The server suite on PostgreSQL runs two files at a time: each waits on the database most of its
 * time, in a database of its own (a clone of the seeded template).
 */
const PREPARED = 'build and the demo database';
// Where the entity copy step leaves its copy for the browser tests; removed when the run ends.
const ENTITY_COPY = fs.mkdtempSync(path.join(os.tmpdir(), 'entity-copy-'));
const steps = [
  {
    // Steps that start PGlite databases or servers `need` it: they restore what it seeded once.
    name: PREPARED,
    cmd: bin('tsx'),
    args: ['scripts/prepare-test-db.ts'],
  },
  {
    name: 'server tests (PostgreSQL)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server', '--maxWorkers', '2'],
    env: { TEST_DB: 'postgres' },
    enabled: pg,
    why: 'TEST_DATABASE_URL is not set',
  },
  {
    name: pg ? 'server tests (PGlite set)' : 'server tests (PGlite)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server', ...(pg ? PGLITE_SET : [])],
    env: { TEST_DB: 'pglite' },
    needs: PREPARED,
  },
  {
    name: 'QA snapshots (--check)',
    cmd: bin('tsx'),
    args: ['scripts/snapshots/index.ts', '--check'],
    needs: PREPARED,
  },
  {
    name: 'codegen up to date',
    cmd: bin('tsx'),
    args: ['scripts/codegen/index.ts', '--check'],
    enabled: has('scripts/codegen/index.ts'),
    background: true,
  },
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', '.'], background: true },
  { name: 'lint (ESLint)', cmd: bin('eslint'), args: ['.'], background: true },
  { name: 'format (Prettier)', cmd: bin('prettier'), args: ['--check', '.'], background: true },
  {
    name: 'schema lint',
    cmd: bin('tsx'),
    // Without writing the demo rows: the first step writes them with the same files (and fails if
    // they cannot be written), so the lint's own seed would be the same work a second time.
    args: ['scripts/lint-schemas/index.ts', '--no-seed'],
    enabled: has('scripts/lint-schemas/index.ts'),
    background: true,
  },
  { name: 'unit tests', cmd: bin('vitest'), args: ['run', '--project', 'unit'] },
  {
    // Issue 12's project copy with a new entity as JSON only: generated, linted, built and started
    // once here, beside the server suites, for the browser tests to drive (entity-json-only.test.ts):
    // builds and seeding with no browser in them, kept out of the step that runs alone.
    name: 'entity copy: codegen, lint, builds, first start',
    cmd: bin('tsx'),
    args: ['tests/fixtures/entity/project-copy.ts', ENTITY_COPY],
    enabled: has('tests/fixtures/entity/project-copy.ts'),
    // The copy starts on the project's demo data, restored from the prepared database.
    needs: PREPARED,
  },
  {
    // In two lanes: two files at a time, each on a server of its own (tests/e2e/lane.ts). One lane of
    // browser files left about 0.8 of a core idle (docs/decisions.md, "The test run on two cores").
    name: 'end-to-end tests (Chromium)',
    cmd: bin('vitest'),
    args: ['run', '--project', 'e2e'],
    env: { ENTITY_COPY, E2E_LANES: process.env.E2E_LANES ?? '2' },
    alone: true,
    needs: PREPARED,
  },
];

const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 3);
const tty = process.stdout.isTTY;
const started = Date.now();

/**
 * The machine's busy CPU so far, in ms (Linux: /proc/stat's first line, every state but idle and
 * iowait, in USER_HZ ticks of 10 ms); undefined elsewhere. Around the whole run it counts every
 * process the steps started, waited for or not.
 */
function machineBusyMs() {
  try {
    const ticks = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return undefined;
  }
}
const busyAtStart = machineBusyMs();
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

/**
 * The lowest CPU priority for a background step's processes (`nice`, inherited by every process the
 * step starts). Each step runs in a session of its own (`detached`), and where the kernel shares the
 * CPU out by session (autogroup, /proc/<pid>/autogroup) a nice value only ranks a process inside its
 * session: the session's own nice value is what the other steps meet, so it is set too. Chromium
 * starts a session of its own; a launch hands it the launcher's (tests/fixtures/browser.ts).
 */
const BACKGROUND_NICE = 19;
function lowerPriority(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(BACKGROUND_NICE));
  } catch {
    // No autogroup on this kernel (the nice value then ranks the process among all) or not Linux.
  }
}

function run(step) {
  const entry = state.get(step.name);
  entry.state = 'running';
  entry.begun = Date.now();
  const chunks = [];
  return new Promise((resolve) => {
    // Through bash, whose `times` reports the CPU the step's processes used (its children and theirs,
    // once waited for) on a fourth pipe: what the steps cost the machine, beside how long they took.
    const script = ['bash', '-c', '"$@"; rc=$?; times >&3; exit $rc', step.name, step.cmd, ...step.args];
    const [cmd, ...args] = step.background ? ['nice', '-n', String(BACKGROUND_NICE), ...script] : script;
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...(tty ? { FORCE_COLOR: '1' } : {}), ...step.env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group, so that a stop reaches the step's processes, not only bash.
      detached: true,
    });
    if (step.background) lowerPriority(child.pid);
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
      entry.output = Buffer.concat(chunks);
      process.stdout.write(entry.output);
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
    fs.rmSync(ENTITY_COPY, { recursive: true, force: true });
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
console.log(`running ${steps.length} steps, ${jobs} at a time (TEST_JOBS)`);
for (const s of steps)
  if (state.get(s.name).outcome) console.log(`── ${s.name}: ${state.get(s.name).outcome}`);

// A step that `needs` another starts once that one has ended (ok or not: without it, it still runs,
// only slower).
const ready = (s) =>
  state.get(s.name).state === 'waiting' && (!s.needs || state.get(s.needs).state === 'done');
const active = new Map(); // its promise → the step
const start = (step) => {
  const p = run(step).then(() => active.delete(p));
  active.set(p, step);
};
const running = (which) => [...active.values()].filter(which);
const left = (which) => steps.filter((s) => which(s) && state.get(s.name).state !== 'done');
const normal = (s) => !s.background && !s.alone;
for (;;) {
  // The test steps: TEST_JOBS at a time; one that runs alone once the others have ended.
  for (;;) {
    if (running((s) => s.alone).length) break;
    const inUse = running((s) => !s.background).length;
    const next =
      inUse < jobs
        ? (steps.find((s) => normal(s) && ready(s)) ??
          (inUse === 0 && !left(normal).length ? steps.find((s) => s.alone && ready(s)) : undefined))
        : undefined;
    if (!next) break;
    start(next);
  }
  // The background steps: as many beside them, at the lowest priority.
  while (running((s) => s.background).length < jobs) {
    const next = steps.find((s) => s.background && ready(s));
    if (!next) break;
    start(next);
  }
  if (!active.size) break;
  await Promise.race(active.keys());
}
clearInterval(ticker);
clearStatus();
fs.rmSync(ENTITY_COPY, { recursive: true, force: true });

const total = Date.now() - started;
const sum = steps.reduce((n, s) => n + (state.get(s.name).ms ?? 0), 0);
const cpu = steps.reduce((n, s) => n + (state.get(s.name).cpuMs ?? 0), 0);
const cores = os.availableParallelism();
const busyEnd = machineBusyMs();
const machineCpu = busyAtStart === undefined || busyEnd === undefined ? undefined : busyEnd - busyAtStart;
// A failed step's output was printed when it ended, long before the end of a log that is often read
// from its tail (a CI page): its last lines, where a test runner names what failed, come again here.
const FAILED_TAIL_LINES = 60;
for (const s of steps) {
  const { outcome, output } = state.get(s.name);
  if (!outcome?.startsWith('FAILED') || !output) continue;
  const lines = output.toString().trimEnd().split('\n');
  console.log(
    `\n── ${s.name} FAILED; the last ${Math.min(lines.length, FAILED_TAIL_LINES)} lines of its output:`,
  );
  console.log(lines.slice(-FAILED_TAIL_LINES).join('\n'));
}
console.log('\n── summary');
for (const s of steps) console.log(`  ${s.name.padEnd(30)} ${state.get(s.name).outcome}`);
console.log(
  `  ${'total'.padEnd(30)} ${seconds(total)} s (steps add up to ${seconds(sum)} s; ${jobs} at a time)`,
);
// No schedule finishes before the CPU the steps need is spread over every core.
console.log(
  `  ${'CPU of the steps'.padEnd(30)} ${seconds(cpu)} s (bash's times: the processes each step waited for)`,
);
if (machineCpu !== undefined)
  console.log(
    `  ${'CPU of the machine'.padEnd(30)} ${seconds(machineCpu)} s: on ${cores} cores no run can take less than ${seconds(machineCpu / cores)} s`,
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
        ...(machineCpu === undefined ? {} : { machineCpuSeconds: Number(seconds(machineCpu)) }),
        steps: steps.map((s) => ({
          name: s.name,
          ...(s.background ? { background: true } : {}),
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
