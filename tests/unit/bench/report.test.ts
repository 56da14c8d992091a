import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Figure, writeResults } from '../../../bench/lib/report';
import { tempDir } from '../../fixtures/temp-dir';

// bench/results/latest.md: a partial run replaces only its benchmarks' rows, and each benchmark says
// when and on which machine its rows were measured (rows of another machine are not comparable).
const figure = (bench: string, value: number): Figure => ({ bench, metric: 'm', value, unit: 'ms' });

describe('bench results of a partial run', () => {
  const dir = tempDir('bench-report-');
  const read = () => fs.readFileSync(path.join(dir, 'latest.md'), 'utf8');

  it('replaces its rows, keeps the others, and says when and on which machine each was measured', () => {
    writeResults(dir, [figure('api', 1), figure('weight', 2)], { date: 'd1', machine: 'EPYC' });
    writeResults(dir, [figure('weight', 3)], { date: 'd2', machine: 'Xeon' }, ['weight']);
    const md = read();
    expect(md).toContain('| api | m | 1 ms |');
    expect(md).toContain('| weight | m | 3 ms |');
    expect(md).not.toContain('| weight | m | 2 ms |');
    expect(md).toContain("- partial: weight measured now; each benchmark's run below");
    expect(md).toContain('- measured (api): d1, on EPYC\n');
    expect(md).toContain('- measured (weight): d2, on Xeon\n');
    // Later partial runs keep each benchmark's own date and machine.
    writeResults(dir, [figure('api', 4)], { date: 'd3', machine: 'Xeon' }, ['api']);
    writeResults(dir, [figure('bundle', 5)], { date: 'd4', machine: 'Xeon' }, ['bundle']);
    expect(read()).toContain(
      '- measured (api): d3, on Xeon\n- measured (weight): d2, on Xeon\n- measured (bundle): d4, on Xeon\n',
    );
  });

  it('reads the runs of results written before benchmarks carried their own line', () => {
    fs.writeFileSync(
      path.join(dir, 'latest.json'),
      JSON.stringify({
        meta: {
          date: 'd2',
          machine: 'Xeon',
          partial: 'weight measured now; other rows from earlier runs, on EPYC',
          earlierMachine: 'EPYC',
        },
        figures: [figure('api', 1), figure('weight', 3)],
      }),
    );
    writeResults(dir, [figure('bundle', 5)], { date: 'd3', machine: 'Xeon' }, ['bundle']);
    const md = read();
    expect(md).toContain('- measured (api): an earlier run, on EPYC\n');
    expect(md).toContain('- measured (weight): d2, on Xeon\n');
    expect(md).not.toContain('earlierMachine');
  });
});
