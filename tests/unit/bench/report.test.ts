import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Figure, writeResults } from '../../../bench/lib/report';

// bench/results/latest.md: a partial run replaces only its benchmarks' rows, and says when the rows
// kept were measured on another machine (their figures are not comparable with the new ones).
const figure = (bench: string, value: number): Figure => ({ bench, metric: 'm', value, unit: 'ms' });

describe('bench results of a partial run', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  const read = () => fs.readFileSync(path.join(dir, 'latest.md'), 'utf8');

  it('replaces its rows, keeps the others, and names the machine the others were measured on', () => {
    writeResults(dir, [figure('api', 1), figure('weight', 2)], { date: 'd1', machine: 'EPYC' });
    writeResults(dir, [figure('weight', 3)], { date: 'd2', machine: 'Xeon' }, ['weight']);
    const md = read();
    expect(md).toContain('| api | m | 1 ms |');
    expect(md).toContain('| weight | m | 3 ms |');
    expect(md).not.toContain('| weight | m | 2 ms |');
    expect(md).toContain('- partial: weight measured now; other rows from d1, on EPYC');
    // A later partial run on the new machine still says where the oldest rows come from.
    writeResults(dir, [figure('weight', 4)], { date: 'd3', machine: 'Xeon' }, ['weight']);
    expect(read()).toContain('- partial: weight measured now; other rows from earlier runs, on EPYC');
  });

  it('says nothing of a machine when the rows kept come from the same one', () => {
    fs.rmSync(path.join(dir, 'latest.json'));
    writeResults(dir, [figure('api', 1)], { date: 'd1', machine: 'Xeon' });
    writeResults(dir, [figure('weight', 3)], { date: 'd2', machine: 'Xeon' }, ['weight']);
    expect(read()).toContain('- partial: weight measured now; other rows from d1\n');
  });
});
