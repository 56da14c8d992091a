import type { ReactNode } from 'react';
import type { PrintFact, PrintText } from '@/generated/schema-files';
import type { Row } from '@/renderer/schema-types';
import { CodeList } from '../components/CodeList';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid, type InfoItem } from '../components/InfoGrid';
import { ItemTable } from '../components/ItemTable';
import { Signatures } from '../components/Signatures';
import { printColumns } from './columns';
import { printTotals } from './totals';
import { docText, fillTemplate, formatOf, holds, isBlank, type PrintDoc, valueAt } from './values';

/** A field, computed value or template of the document as printed. */
function textOf(doc: PrintDoc, t: PrintText): string {
  if (t.template) return fillTemplate(doc, t.template);
  if (t.value) return String(doc.values[t.value] ?? '');
  return t.field ? docText(doc, t.field, t.format) : '';
}

/** One fact of the header; undefined when it is left out (blank and omitEmpty). */
function fact(doc: PrintDoc, h: PrintFact): InfoItem | undefined {
  const label = h.title ?? (h.field ? doc.resource.fields[h.field]?.title : undefined) ?? h.field ?? '';
  const span = h.span ? { span: h.span } : {};
  if (h.fill) return { label, value: <span className="pr-fill" />, ...span };
  if (h.field && isBlank(valueAt(doc.row, h.field)) && h.omitEmpty) return undefined;
  const value: ReactNode =
    h.field && formatOf(doc.print, h.field, h.format) === 'codes' ? (
      <CodeList value={valueAt(doc.row, h.field) as string | null} />
    ) : (
      textOf(doc, h)
    );
  return { label, value, ...span };
}

/** The amounts after the lines (freight, discount, paid; an amount in capitals). */
function Summary({ doc }: { doc: PrintDoc }) {
  const s = doc.print.summary;
  if (!s || (s.when && !holds(s.when, doc.row, doc.values))) return null;
  return (
    <div className="pr-summary">
      {s.items.map((item) => {
        const text = `${item.prefix ?? ''}${textOf(doc, item)}`;
        return (
          <span key={item.title}>
            {item.title}：{item.strong ? <strong>{text}</strong> : text}
          </span>
        );
      })}
    </div>
  );
}

/** A document declared in schemas/prints: header, facts, lines with totals, amounts, signatures. */
export function SchemaSheet({ doc }: { doc: PrintDoc }) {
  const { print, row, param } = doc;
  const stamp = typeof print.stamp === 'string' ? { field: print.stamp } : print.stamp;
  const signatures = print.signatures?.length ? <Signatures labels={print.signatures} /> : null;
  const after =
    print.summary || signatures ? (
      <>
        <Summary doc={doc} />
        {signatures}
      </>
    ) : undefined;
  const summary = printTotals(doc);
  return (
    <article className="pr-doc">
      {/* The paper size of this document (A4 portrait by default, print.css). */}
      {print.paper === 'A5' ? <style>{'@page { size: A5 portrait; }'}</style> : null}
      <DocumentHeader
        title={print.title}
        code={print.code === '$param' ? param : String((row as Row)[print.code] ?? '')}
        companySub={print.companySub ? docText(doc, print.companySub) : null}
        stamp={stamp ? textOf(doc, stamp) : undefined}
      />
      <InfoGrid items={print.header.map((h) => fact(doc, h)).filter((f) => f !== undefined)} />
      {print.lines ? (
        <ItemTable
          columns={printColumns(doc)}
          rows={doc.lines}
          rowKey={(_r, i) => i}
          {...(summary ? { summary } : {})}
          {...(after ? { after } : {})}
        />
      ) : (
        after
      )}
    </article>
  );
}
