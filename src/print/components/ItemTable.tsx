import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  title: string;
  /** Share of the table width, e.g. '12%'; columns without one share the rest. */
  width?: string;
  align?: 'left' | 'right' | 'center';
  mono?: boolean;
  render: (row: T, index: number) => ReactNode;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  /** The totals row: a cell per column key; the first column says 合计 unless given. */
  summary?: Partial<Record<string, ReactNode>>;
  /** What follows the lines (amounts in words, signatures): kept in the table so it never prints alone. */
  after?: ReactNode;
}

const cellClass = (c: { align?: string; mono?: boolean }) =>
  [c.align === 'right' ? 'pr-right' : c.align === 'center' ? 'pr-center' : '', c.mono ? 'pr-mono' : '']
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * The lines of a document. The header row repeats on every printed page and a row is never split
 * (print.css); the totals row prints once, after the last line. What comes after the lines goes in
 * the table's footer too: Chromium does not keep a block after a table with the table's last rows
 * (break-before: avoid is not honoured there), so signatures could print alone on a last page.
 */
export function ItemTable<T>({ columns, rows, rowKey, summary, after }: Props<T>) {
  return (
    <table className="pr-table">
      <colgroup>
        {columns.map((c) => (
          <col key={c.key} style={c.width ? { width: c.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key}>{c.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <td key={c.key} className={cellClass(c)}>
                {c.render(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {summary || after ? (
        <tfoot>
          {summary ? (
            <tr>
              {columns.map((c, i) => (
                <td key={c.key} className={cellClass(c)}>
                  {summary[c.key] ?? (i === 0 ? '合计' : null)}
                </td>
              ))}
            </tr>
          ) : null}
          {after ? (
            <tr className="pr-after">
              <td colSpan={columns.length}>{after}</td>
            </tr>
          ) : null}
        </tfoot>
      ) : null}
    </table>
  );
}

/** A line number column: 1, 2, 3 … in print order. */
export const indexColumn = <T,>(): Column<T> => ({
  key: 'index',
  title: '序号',
  width: '5%',
  align: 'center',
  render: (_row, i) => i + 1,
});
