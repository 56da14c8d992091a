import fs from 'node:fs';
import path from 'node:path';
import type { Figure } from './lib/report';

/**
 * Issue 21.7: how long `npm test` takes, read from what its last run on this checkout recorded
 * (scripts/test.mjs writes bench/results/test-suite.json at its end): the whole run against the
 * target, each step beside it, and the path that decides the total (test steps run three at a time;
 * the end-to-end tests after the others, two files at a time; the checks without timeouts in the
 * background, beside both).
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
  /** Recorded since the machine's CPU over the whole run is read (/proc/stat): every process counted. */
  machineCpuSeconds?: number;
  steps: {
    name: string;
    outcome: string;
    seconds: number | null;
    cpuSeconds?: number | null;
    /** Recorded since the checks without timeouts run in the background (scripts/test.mjs). */
    background?: boolean;
  }[];
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
  const alone = of('end-to-end tests (Chromium)');
  const before = Math.max(
    ...timed.filter((s) => !/Chromium/.test(s.name) && !s.background).map((s) => s.seconds!),
  );
  // The machine's CPU over the run where recorded (it counts a PostgreSQL server and Chromium's
  // renderers, which the steps' own figures miss), else the steps' own.
  const cpu = run.machineCpuSeconds ?? run.cpuSeconds;
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
        `the longest test step before them ${before.toFixed(0)} s, then the end-to-end tests, two ` +
        `files at a time, ${alone.toFixed(0)} s (the checks without timeouts in the background beside ` +
        `both)` +
        (cpu && run.cores
          ? `; the run took ${((run.totalSeconds / (cpu / run.cores) - 1) * 100).toFixed(0)} % more ` +
            `than the machine's CPU over ${String(run.cores)} cores (below): the cores are busy ` +
            `throughout, so only less work shortens it`
          : '') +
        ` (docs/decisions.md, "The test run on two cores", "The browser tests in two lanes")`,
    },
    // The floor no schedule beats: the CPU the steps used spread over every core. Above the target,
    // running the steps more cleverly side by side cannot meet it; only less work can.
    ...(cpu && run.cores
      ? [
          {
            bench: 'test-suite',
            metric: `CPU of the run over ${String(run.cores)} cores (the shortest possible run)`,
            value: Math.round((cpu / run.cores) * 10) / 10,
            unit: 's',
            target: `≤ ${TARGET_S} s`,
            met: cpu / run.cores <= TARGET_S,
            note:
              `${cpu.toFixed(0)} CPU-seconds ${run.machineCpuSeconds ? 'of the machine' : "of the steps (a PostgreSQL server and Chromium's renderers not counted)"}; ` +
              `the steps' own: ` +
              [...run.steps]
                .filter((s) => s.cpuSeconds)
                .sort((a, b) => b.cpuSeconds! - a.cpuSeconds!)
                .slice(0, 4)
                .map((s) => `${s.name} ${s.cpuSeconds!.toFixed(0)}`)
                .join(', '),
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
