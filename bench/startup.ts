import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM script without types
import { buildServerIfStale } from '../scripts/build-if-stale.mjs';
import { type Figure, ratioFigure } from './lib/report';

/**
 * Issue 7, benchmark 6, and issue 21.5: `npm start` (front end already built) to the first 200 on
 * /api/health, on a new DATA_DIR (with and without a prepared demo database: server/db/demo-db.ts) and on
 * an existing one. Reference: a bare Node HTTP server started the same way, measured in the same run.
 */
const root = path.resolve(import.meta.dirname, '..');

/**
 * The CPU seconds (user + system) a process has used so far, from /proc (Linux; undefined elsewhere).
 * On a machine shared with other work, wall time grows with the load; this much less.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The CPU seconds of each start measured, by its wall time (for the notes). */
const cpuOf = new Map<number, number | undefined>();

async function timeToFirst200(args: string[], env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) {
          const wall = (performance.now() - started) / 1000;
          cpuOf.set(wall, cpuSeconds(child.pid));
          return wall;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuNote = (wall: number) => {
  const cpu = cpuOf.get(wall);
  return cpu === undefined ? '' : `server CPU ${cpu.toFixed(1)} s`;
};

export async function benchStartup(): Promise<Figure[]> {
  const port = 18000 + (process.pid % 1000);
  const bare = `require('http').createServer((q,s)=>s.end('{}')).listen(${port},'127.0.0.1')`;
  const reference = median([
    await timeToFirst200(['-e', bare], {}, port),
    await timeToFirst200(['-e', bare], {}, port),
    await timeToFirst200(['-e', bare], {}, port),
  ]);
  // What `npm start` runs once its build step found everything up to date.
  await buildServerIfStale({ quiet: true });
  const server = ['dist-server/main.mjs'];
  // A seed day of its own: no prepared demo database exists for it, so the first start seeds (as one
  // on a new day or after a change of code or schemas does) and leaves one, which the next first
  // starts restore; removed at the end, so the ones kept for today and for the tests stay.
  const anchor = '2001-02-03';
  const dirs: string[] = [];
  const start = async (dataDir?: string) => {
    const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-bench-start-'));
    if (!dataDir) dirs.push(dir);
    const env = { PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', SEED_ANCHOR: anchor };
    return timeToFirst200(server, env, port);
  };
  try {
    const seeded = await start();
    const restored = median([await start(), await start(), await start()]);
    const warm = median([await start(dirs[1]), await start(dirs[1]), await start(dirs[1])]);
    return [
      ratioFigure({
        bench: 'startup',
        metric: 'first start, prepared demo database restored',
        value: restored,
        unit: 's',
        reference,
        referenceName: 'bare node:http',
        target: '≤ 5 s',
        met: restored <= 5,
        note: `median of 3; ${cpuNote(restored)}`,
      }),
      ratioFigure({
        bench: 'startup',
        metric: 'first start without one (migrated, seeded, then dumped for the next)',
        value: seeded,
        unit: 's',
        reference,
        referenceName: 'bare node:http',
        note: cpuNote(seeded),
      }),
      ratioFigure({
        bench: 'startup',
        metric: 'start on an existing DATA_DIR',
        value: warm,
        unit: 's',
        reference,
        referenceName: 'bare node:http',
        target: '≤ 2 s',
        met: warm <= 2,
        note: `median of 3; ${cpuNote(warm)}`,
      }),
    ];
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    const prepared = path.join(root, 'dist-server/demo-db');
    for (const f of fs.existsSync(prepared) ? fs.readdirSync(prepared) : []) {
      if (f.startsWith(`${anchor}-`)) fs.rmSync(path.join(prepared, f), { force: true });
    }
  }
}
