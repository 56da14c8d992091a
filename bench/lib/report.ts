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

const fmt = (n: number | undefined, digits = 2) =>
  n === undefined || Number.isNaN(n) ? '—' : Number(n.toFixed(digits)).toLocaleString('en-US');

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

export function writeResults(dir: string, figures: Figure[], meta: Record<string, string>): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify({ meta, figures }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'latest.md'), toMarkdown(figures, meta));
}
