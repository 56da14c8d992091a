import fs from 'node:fs';

/**
 * A vitest reporter that writes the machine's CPU-seconds (/proc/stat, every process: Chromium, the
 * test server) and the wall seconds of each test file, one line per file, to CPU_REPORT (default
 * bench/results/cpu-per-file.txt). With the e2e files running one at a time this is what each file
 * costs (docs/decisions.md, "The test run on two cores"):
 *
 *   npx vitest run --project e2e --reporter=./bench/cpu-per-file-reporter.ts --reporter=default
 */
const busySeconds = () => {
  const t = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user, nice, system, irq, softirq, steal (not idle and iowait), in ticks of 10 ms.
  return (t[0]! + t[1]! + t[2]! + t[5]! + t[6]! + t[7]!) / 100;
};
const out = process.env.CPU_REPORT ?? 'bench/results/cpu-per-file.txt';

export default class CpuPerFileReporter {
  private started = new Map<string, [number, number]>();
  onInit() {
    fs.writeFileSync(out, 'cpu-s wall-s file\n');
  }
  onTestModuleStart(m: { moduleId: string }) {
    this.started.set(m.moduleId, [busySeconds(), Date.now()]);
  }
  onTestModuleEnd(m: { moduleId: string }) {
    const [cpu, wall] = this.started.get(m.moduleId) ?? [busySeconds(), Date.now()];
    const line = `${(busySeconds() - cpu).toFixed(1)} ${((Date.now() - wall) / 1000).toFixed(1)} ${m.moduleId}`;
    fs.appendFileSync(out, `${line}\n`);
  }
}
