import fs from 'node:fs';
import path from 'node:path';

/** One measured figure: an absolute value, the reference measured in the same run, and the target. */
export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  /** Reference value measured in the same run (same unit), when the figure is a ratio. */
  reference?: number;
  referenceName?: string;
  /** value / reference */
  ratio?: number;
  /** Human-readable target, e.g. '≤ 0.5× antd Table' or '≤ 250 KB'. */
  target?: string;
  /** Whether the target is met; undefined when there is no target or it was not measurable. */
  met?: boolean;
  note?: string;
}

export function ratioFigure(f: Omit<Figure, 'ratio'> & { reference: number }): Figure {
  return { ...f, ratio: f.reference > 0 ? f.value / f.reference : undefined };
}

const fmt = (n: number | null | undefined, digits = 2) =>
  n === undefined || n === null || !Number.isFinite(n)
    ? '—'
    : Number(n.toFixed(digits)).toLocaleString('en-US');

export function toMarkdown(figures: Figure[], meta: Record<string, string>): string {
  const lines = [
    '# Benchmark results',
    '',
    ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`),
    '',
    '| bench | metric | value | reference | ratio | target | met |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const ref =
      f.reference === undefined ? '—' : `${fmt(f.reference)} ${f.unit} (${f.referenceName ?? 'ref'})`;
    const met = f.met === undefined ? '—' : f.met ? 'yes' : 'NO';
    lines.push(
      `| ${f.bench} | ${f.metric} | ${fmt(f.value)} ${f.unit} | ${ref} | ${f.ratio === undefined ? '—' : `${fmt(f.ratio)}×`} | ${f.target ?? '—'} | ${met}${f.note ? ` (${f.note})` : ''} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function writeResults(
  dir: string,
  figures: Figure[],
  meta: Record<string, string>,
  /** Benchmarks of a partial run (`npm run bench -- api`): only their rows are replaced. */
  partial?: string[],
): void {
  fs.mkdirSync(dir, { recursive: true });
  let all = figures;
  let allMeta = meta;
  const file = path.join(dir, 'latest.json');
  if (partial && fs.existsSync(file)) {
    const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      meta: Record<string, string>;
      figures: Figure[];
    };
    const replaced = new Set([...partial, ...figures.map((f) => f.bench)]);
    all = mergeFigures(previous.figures, figures, replaced);
    // Each benchmark's rows say when and on which machine they were measured: rows from another
    // machine are not comparable with those measured now.
    const previouslyNow = new Set(previous.meta.partial?.split(' measured now')[0]?.split(', ') ?? []);
    const before = (bench: string) =>
      previous.meta[measuredKey(bench)] ??
      (!previous.meta.partial || previouslyNow.has(bench)
        ? `${previous.meta.date}, on ${previous.meta.machine}`
        : `an earlier run, on ${previous.meta.earlierMachine ?? previous.meta.machine}`);
    allMeta = {
      ...meta,
      partial: `${partial.join(', ')} measured now; each benchmark's run below`,
      ...Object.fromEntries(
        [...new Set(all.map((f) => f.bench))].map((b) => [
          measuredKey(b),
          replaced.has(b) ? `${meta.date}, on ${meta.machine}` : before(b),
        ]),
      ),
    };
  }
  fs.writeFileSync(file, `${JSON.stringify({ meta: allMeta, figures: all }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'latest.md'), toMarkdown(all, allMeta));
}

/** The meta line that says when and where a benchmark's rows were measured (partial runs). */
const measuredKey = (bench: string) => `measured (${bench})`;

/** The previous rows, with those of the benchmarks run now replaced in place (new ones at the end). */
function mergeFigures(previous: Figure[], fresh: Figure[], replaced: Set<string>): Figure[] {
  const out: Figure[] = [];
  const emitted = new Set<string>();
  for (const f of previous) {
    if (!replaced.has(f.bench)) out.push(f);
    else if (!emitted.has(f.bench)) {
      emitted.add(f.bench);
      out.push(...fresh.filter((n) => n.bench === f.bench));
    }
  }
  out.push(...fresh.filter((n) => !emitted.has(n.bench)));
  return out;
}
