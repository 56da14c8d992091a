import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM script without types
import { buildServerIfStale } from '../scripts/build-if-stale.mjs';
import { type Figure, ratioFigure } from './lib/report';

/**
 * Issue 7, benchmark 6: `npm start` (front end already built) to the first 200 on /api/health, on a new
 * DATA_DIR (database created and seeded) and on an existing one. Reference: a bare Node HTTP server
 * started the same way, measured in the same run.
 */
const root = path.resolve(import.meta.dirname, '..');

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
        if (res.status === 200) return (performance.now() - started) / 1000;
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

export async function benchStartup(): Promise<Figure[]> {
  const port = 18000 + (process.pid % 1000);
  const bare = `require('http').createServer((q,s)=>s.end('{}')).listen(${port},'127.0.0.1')`;
  const reference = await timeToFirst200(['-e', bare], {}, port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-bench-start-'));
  const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // What `npm start` runs once its build step found everything up to date.
  await buildServerIfStale({ quiet: true });
  const server = ['dist-server/main.mjs'];
  const first = await timeToFirst200(server, env, port);
  const warm = await timeToFirst200(server, env, port);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return [
    ratioFigure({
      bench: 'startup',
      metric: 'first start (database created and seeded)',
      value: first,
      unit: 's',
      reference,
      referenceName: 'bare node:http',
      target: '≤ 20 s',
      met: first <= 20,
    }),
    ratioFigure({
      bench: 'startup',
      metric: 'start on an existing DATA_DIR',
      value: warm,
      unit: 's',
      reference,
      referenceName: 'bare node:http',
      target: '≤ 3 s',
      met: warm <= 3,
    }),
  ];
}
