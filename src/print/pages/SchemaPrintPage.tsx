import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '@/runtime/request';
import type { PrintDef } from '@/generated/schema-files';
import { loadResource } from '@/renderer/catalogue';
import { fillPath } from '@/renderer/data/provider';
import { checkPrint } from '@/schema/check-prints';
import { resourceRoutes } from '@/schema/routes';
import { Barcode } from '../components/Barcode';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { total } from '../format';
import { printValue, totalDigits } from '../schema-values';
import { failure, type Loaded, missing, ready } from '../sources/load';
import type { ResourceDef, Row } from '@/renderer/schema-types';

/** The print files, each its own small chunk (found by Vite: no list to keep). */
const printFiles = import.meta.glob<PrintDef>('/schemas/prints/*.json', { import: 'default' });

interface Doc {
  print: PrintDef;
  resource: ResourceDef;
  row: Row;
}

/** Loads the resource of a print file and the row by id through the resource's get endpoint. */
async function loadDoc(print: PrintDef, id: string, signal: AbortSignal): Promise<Loaded<Doc> | undefined> {
  try {
    const resource = await loadResource(print.resource, `schemas/prints/${print.name}.json`);
    const problems = checkPrint(print, { resources: new Map([[resource.name, resource]]) });
    if (problems.length)
      return missing(
        `配置错误：schemas/prints/${print.name}.json ${problems[0]!.path} ${problems[0]!.message}`,
      );
    const route = resourceRoutes(resource).find((r) => r.kind === 'get')!;
    const keyRow = { [route.key?.field ?? resource.primaryKey]: id };
    const query = route.key?.in === 'querystring' ? keyRow : undefined;
    const row = await api.get<Row>(fillPath(route.path, keyRow), query, { silent: true, signal });
    return ready({ print, resource, row });
  } catch (error) {
    return failure(error, print.title, id);
  }
}

/** A document declared in schemas/prints, with the look and barcodes of the other print pages. */
export function SchemaSheet({ doc }: { doc: Doc }) {
  const { print, resource, row } = doc;
  const f = (name: string) => resource.fields[name];
  const lines = print.lines;
  const child = lines ? resource.children![lines.child]! : undefined;
  const rows = (lines ? (row[lines.child] as Row[] | undefined) : undefined) ?? [];
  const columns: Column<Row>[] = [];
  if (lines && child) {
    if (lines.index !== false)
      columns.push({ key: '#index', title: '序号', width: '5%', align: 'center', render: (_r, i) => i + 1 });
    for (const c of lines.columns) {
      const def = child.fields[c.field];
      const numeric = def?.type === 'number' || def?.type === 'integer';
      columns.push({
        key: c.field,
        title: c.title ?? def?.title ?? c.field,
        ...(c.width ? { width: c.width } : {}),
        ...(numeric ? { align: 'right' as const } : {}),
        render: (r) =>
          c.barcode && r[c.field] ? (
            <Barcode value={String(r[c.field])} height={20} moduleWidth={1} />
          ) : (
            printValue(def, r[c.field])
          ),
      });
    }
  }
  const summary =
    lines && child && lines.totals?.length
      ? Object.fromEntries(
          lines.totals.map((t) => [
            t,
            printValue(
              child.fields[t],
              total(
                rows.map((r) => r[t]),
                totalDigits(child.fields[t]),
              ),
            ),
          ]),
        )
      : undefined;
  const signatures = print.signatures?.length ? <Signatures labels={print.signatures} /> : undefined;
  return (
    <article className="pr-doc">
      {/* The paper size of this document (A4 portrait by default, print.css). */}
      {print.paper === 'A5' ? <style>{'@page { size: A5 portrait; }'}</style> : null}
      <DocumentHeader
        title={print.title}
        code={String(row[print.code] ?? '')}
        stamp={print.stamp ? printValue(f(print.stamp), row[print.stamp]) : undefined}
      />
      <InfoGrid
        items={print.header.map((h) => ({
          label: h.title ?? f(h.field)?.title ?? h.field,
          value: printValue(f(h.field), row[h.field]),
          ...(h.span ? { span: h.span } : {}),
        }))}
      />
      {lines ? (
        <ItemTable
          columns={columns}
          rows={rows}
          rowKey={(_r, i) => i}
          {...(summary ? { summary } : {})}
          {...(signatures ? { after: signatures } : {})}
        />
      ) : (
        signatures
      )}
    </article>
  );
}

/**
 * /print/doc/{name}/{id}: the print file first (its title heads the page), then the document. An
 * unknown name says so on the page, as an unknown document does.
 */
export default function SchemaPrintPage() {
  const { name = '', id = '' } = useParams();
  const [print, setPrint] = useState<PrintDef | null>();
  useEffect(() => {
    let live = true;
    const file = printFiles[`/schemas/prints/${name}.json`];
    if (!file) setPrint(null);
    else void file().then((p) => live && setPrint(p));
    return () => {
      live = false;
    };
  }, [name]);
  const load = useCallback(
    (code: string, signal: AbortSignal) =>
      print
        ? loadDoc(print, code, signal)
        : Promise.resolve(missing<Doc>(`未找到打印模板 ${name}，无法打印`)),
    [print, name],
  );
  if (print === undefined) return <div className="pr-root" data-print-state="loading" />;
  return (
    <PrintPage title={print?.title ?? '打印'} code={id} load={load}>
      {(doc) => <SchemaSheet doc={doc} />}
    </PrintPage>
  );
}
