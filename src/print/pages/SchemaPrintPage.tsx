import { useCallback } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router-dom';
import type { PrintDef } from '@/generated/schema-files';
import { PrintPage } from '../components/PrintPage';
import { loadPrint, type PrintBatch } from '../doc/load';
import { SchemaSheet } from '../doc/Sheet';
import { missing } from '../sources/load';

/**
 * The print files, in this (the print page's) chunk: the page answers every /print/ path by the
 * file whose route matches, so the host keeps no list of routes (found by Vite: no list to keep).
 */
const printFiles = Object.values(
  import.meta.glob<PrintDef>('/schemas/prints/*.json', { import: 'default', eager: true }),
);

/** The route a print file is served at: its own (SPEC 2.14), else /print/doc/{name}/:key. */
const routeOf = (p: PrintDef) => p.route ?? `/print/doc/${p.name}/:key`;

/** The print file a path shows and the route parameter, or undefined for no print page. */
export function matchPrint(pathname: string): { print: PrintDef; param: string } | undefined {
  for (const print of printFiles) {
    const route = routeOf(print);
    const match = matchPath(route, pathname);
    const name = /:([A-Za-z0-9]+)$/.exec(route)![1]!;
    if (match) return { print, param: match.params[name] ?? '' };
  }
  return undefined;
}

/** One print file's document(s) for the route parameter. */
function PrintFilePage({ print, param }: { print: PrintDef; param: string }) {
  const load = useCallback((code: string, signal: AbortSignal) => loadPrint(print, code, signal), [print]);
  return (
    <PrintPage
      title={print.title}
      code={param}
      load={load}
      autoPrint={print.autoPrint === true}
      headerCode={(batch) => batch.headerCode}
    >
      {(batch) => batch.docs.map((doc, i) => <SchemaSheet key={i} doc={doc} />)}
    </PrintPage>
  );
}

/** /print/doc/{name}/{key} of a name no print file has: says so, as an unknown document does. */
function UnknownPrint({ name, param }: { name: string; param: string }) {
  const load = useCallback(
    () => Promise.resolve(missing<PrintBatch>(`未找到打印模板 ${name}，无法打印`)),
    [name],
  );
  return (
    <PrintPage title="打印" code={param} load={load} autoPrint={false} headerCode={(b) => b.headerCode}>
      {() => null}
    </PrintPage>
  );
}

/** Any /print/ path: the print file whose route it is; any other path is the 404 page. */
export default function SchemaPrintPage() {
  const { pathname } = useLocation();
  const hit = matchPrint(pathname);
  if (hit) return <PrintFilePage key={hit.print.name} print={hit.print} param={hit.param} />;
  const doc = matchPath('/print/doc/:name/:key', pathname);
  if (doc) return <UnknownPrint name={doc.params.name ?? ''} param={doc.params.key ?? ''} />;
  return <Navigate to="/404" replace />;
}
