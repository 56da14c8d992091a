import type { ReactNode } from 'react';
import type { PrintColumn } from '@/generated/schema-files';
import type { Row } from '@/renderer/schema-types';
import { Barcode } from '../components/Barcode';
import type { Column } from '../components/ItemTable';
import { fillTemplate, formatOf, holds, isBlank, lineField, lineText, type PrintDoc } from './values';

const NUMERIC = new Set(['money', 'quantity', 'number']);
const fill = <span className="pr-fill" />;

/** The key of a column in the totals row: its field, or its position for a box column. */
export const columnKey = (c: PrintColumn, i: number) => c.field ?? (c.check ? 'check' : `col-${i}`);

/** The value of one cell: boxes to fill in, barcodes, labels, a second line, a tag, a done mark. */
function cell(doc: PrintDoc, c: PrintColumn, line: Row): ReactNode {
  if (c.check) return <span className="pr-check" />;
  const v = c.field ? line[c.field] : undefined;
  if (c.fill === 'always' || (c.fillWhen && holds(c.fillWhen, line))) return fill;
  if (c.fill === 'empty' && isBlank(v)) return fill;
  const empty = c.empty ?? '-';
  if (c.template) return fillTemplate(doc, c.template, line, empty);
  if (!c.field) return empty;
  if (c.barcode) {
    const codes = (Array.isArray(v) ? v : isBlank(v) ? [] : [v]).map(String);
    if (!codes.length) return empty;
    const bars = codes.map((code) => <Barcode key={code} value={code} height={20} moduleWidth={1} />);
    return Array.isArray(v) ? <div className="pr-barcodes">{bars}</div> : bars;
  }
  const label = c.labels && !isBlank(v) ? c.labels[String(v)] : undefined;
  const text = label ?? (lineText(doc, line, c.field, c.format) || empty);
  const below = c.below && !isBlank(line[c.below]) ? lineText(doc, line, c.below) : undefined;
  const done = c.done && holds(c.done.when, line);
  return (
    <>
      {c.done ? (
        <span className={done ? 'pr-done' : undefined}>{done ? `${c.done.mark ?? ''}${text}` : text}</span>
      ) : (
        text
      )}
      {c.tag && holds(c.tag.when, line) ? <span className="pr-tag">{c.tag.text}</span> : null}
      {below !== undefined ? <div className={c.belowMono ? 'pr-mono' : undefined}>{below}</div> : null}
    </>
  );
}

/** The table columns of a document: 序号 first (unless index is false), optional ones only when used. */
export function printColumns(doc: PrintDoc): Column<Row>[] {
  const l = doc.print.lines!;
  const used = (f?: string) => !!f && doc.lines.some((line) => !isBlank(line[f]));
  const out: Column<Row>[] = [];
  if (l.index !== false)
    out.push({ key: 'index', title: '序号', width: '5%', align: 'center', render: (_r, i) => i + 1 });
  l.columns.forEach((c, i) => {
    if (c.optional && !used(c.field) && !used(c.below)) return;
    const def = c.field ? lineField(doc.print, doc.resource, c.field) : undefined;
    const format = c.field ? formatOf(doc.print, c.field, c.format) : undefined;
    const numeric = format ? NUMERIC.has(format) : def?.type === 'number' || def?.type === 'integer';
    const align = c.align ?? (numeric ? 'right' : undefined);
    out.push({
      key: columnKey(c, i),
      title: c.title ?? def?.title ?? c.field ?? '',
      ...(c.width ? { width: c.width } : {}),
      ...(align ? { align } : {}),
      ...(c.mono ? { mono: true } : {}),
      render: (line) => cell(doc, c, line),
    });
  });
  return out;
}
