import fs from 'node:fs';
import path from 'node:path';
import type { Figure } from './lib/report';

/**
 * Issue 21.7: how long `npm test` takes, read from what its last run on this checkout recorded
 * (scripts/test.mjs writes bench/results/test-suite.json at its end): the whole run against the
 * target, each step beside it, and the path that decides the total (steps run three at a time; the
 * browser tests and the QA snapshots run alone, after the others).
 */
const TARGET_S = 600;

interface Recorded {
  date: string;
  jobs: number;
  load: string;
  totalSeconds: number;
  /** Recorded since the steps' CPU is measured (bash's `times` around each step). */
  cores?: number;
  cpuSeconds?: number;
  steps: { name: string; outcome: string; seconds: number | null; cpuSeconds?: number | null }[];
}

export async function benchTestSuite(): Promise<Figure[]> {
  const file = path.resolve(import.meta.dirname, 'results/test-suite.json');
  if (!fs.existsSync(file))
    return [
      {
        bench: 'test-suite',
        metric: 'run',
        value: Number.NaN,
        unit: '',
        note: 'no `npm test` run recorded yet',
      },
    ];
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as Recorded;
  const timed = run.steps.filter((s) => s.seconds !== null);
  const of = (name: string) => timed.find((s) => s.name === name)?.seconds ?? 0;
  const alone = of('end-to-end tests (Chromium)') + of('QA snapshots (--check)');
  const before = Math.max(
    ...timed.filter((s) => !/Chromium|QA snapshots/.test(s.name)).map((s) => s.seconds!),
  );
  const failed = run.steps.filter((s) => s.outcome.startsWith('FAILED')).length;
  return [
    {
      bench: 'test-suite',
      metric: '`npm test`, the whole run',
      value: run.totalSeconds,
      unit: 's',
      target: `≤ ${TARGET_S} s`,
      met: run.totalSeconds <= TARGET_S && failed === 0,
      note:
        `run of ${run.date}, ${run.jobs} steps at a time, load ${run.load}${failed ? `, ${failed} step(s) failed` : ''}; ` +
        `the longest side-by-side step ${before.toFixed(0)} s, then the browser tests and QA snapshots alone ` +
        `${alone.toFixed(0)} s: on 2 cores the Chromium steps cannot share the machine without their ` +
        `timeouts (a user's patience) failing`,
    },
    // The floor no schedule beats: the CPU the steps used spread over every core. Above the target,
    // running the steps more cleverly side by side cannot meet it; only less work can.
    ...(run.cpuSeconds && run.cores
      ? [
          {
            bench: 'test-suite',
            metric: `CPU of every step over ${String(run.cores)} cores (the shortest possible run)`,
            value: Math.round((run.cpuSeconds / run.cores) * 10) / 10,
            unit: 's',
            target: `≤ ${TARGET_S} s`,
            met: run.cpuSeconds / run.cores <= TARGET_S,
            note:
              `${run.cpuSeconds.toFixed(0)} CPU-seconds; ` +
              [...run.steps]
                .filter((s) => s.cpuSeconds)
                .sort((a, b) => b.cpuSeconds! - a.cpuSeconds!)
                .slice(0, 4)
                .map((s) => `${s.name} ${s.cpuSeconds!.toFixed(0)}`)
                .join(', ') +
              ' (a PostgreSQL server outside the run is not counted)',
          },
        ]
      : []),
    ...timed.map((s) => ({
      bench: 'test-suite',
      metric: `step: ${s.name}`,
      value: s.seconds!,
      unit: 's',
      note: s.outcome,
    })),
  ];
}
