import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PrintDef } from '@/generated/schema-files';
import { PrintPage } from '../components/PrintPage';
import { loadPrint, type PrintBatch } from '../doc/load';
import { SchemaSheet } from '../doc/Sheet';
import { missing } from '../sources/load';

/** The print files, each its own small chunk (found by Vite: no list to keep). */
const printFiles = import.meta.glob<PrintDef>('/schemas/prints/*.json', { import: 'default' });

/**
 * The one print page: the print file first (its title heads the page), then its document(s) for the
 * route parameter. An unknown name says so on the page, as an unknown document does.
 */
export function PrintFilePage({ name, param }: { name: string; param: string }) {
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
        ? loadPrint(print, code, signal)
        : Promise.resolve(missing<PrintBatch>(`未找到打印模板 ${name}，无法打印`)),
    [print, name],
  );
  if (print === undefined) return <div className="pr-root" data-print-state="loading" />;
  return (
    <PrintPage
      title={print?.title ?? '打印'}
      code={param}
      load={load}
      autoPrint={print?.autoPrint === true}
      headerCode={(batch) => batch.headerCode}
    >
      {(batch) => batch.docs.map((doc, i) => <SchemaSheet key={i} doc={doc} />)}
    </PrintPage>
  );
}

/** /print/doc/{name}/{id}: any print file by name. */
export default function SchemaPrintPage() {
  const { name = '', id = '' } = useParams();
  return <PrintFilePage name={name} param={id} />;
}
