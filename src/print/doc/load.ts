import type { PrintDef } from '@/generated/schema-files';
import { loadResource } from '@/renderer/catalogue';
import type { ResourceDef, Row } from '@/renderer/schema-types';
import { checkPrint } from '@/schema/check-prints';
import { isWholeHandOver } from '@/schema/print-handover';
import { readPrintData } from '../storage';
import { failure, type Loaded, missing, notFound, ready, STALE_DATA } from '../sources/load';
import { callEndpoint, getRow } from './fetch';
import { computeValues, fillTemplate, holds, isBlank, type PrintDoc, valueAt } from './values';

/** What the generic print page shows: one document or several (one per stored item), and the running header's code. */
export interface PrintBatch {
  docs: PrintDoc[];
  headerCode: string;
}

/** Blanks last; numbers by value, text by locale. */
function compare(a: unknown, b: unknown): number {
  if (isBlank(a) || isBlank(b)) return Number(isBlank(a)) - Number(isBlank(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** A loaded row as a document: its lines filtered and ordered, values computed, refusals applied. */
function prepare(print: PrintDef, resource: ResourceDef, row: Row, param: string): Loaded<PrintDoc> {
  const title = print.notFound ?? print.title;
  let lines: Row[] = [];
  const l = print.lines;
  if (l) {
    const raw = valueAt(row, l.child);
    if (!Array.isArray(raw)) return missing(notFound(title, param));
    lines = (raw as Row[]).filter((line) => !l.filter || holds(l.filter, line));
    const order = l.order ?? [];
    lines.sort((a, b) => order.reduce((d, f) => d || compare(a[f], b[f]), 0));
  }
  const doc: PrintDoc = { print, resource, row, lines, param, values: computeValues(print, resource, lines) };
  const refusal = print.refuse?.find((r) => holds(r.when, row, doc.values));
  if (refusal) return missing(fillTemplate(doc, refusal.message));
  if (l?.empty && lines.length === 0) return missing(fillTemplate(doc, l.empty));
  return ready(doc);
}

/** The rows a print file's source answers for the route parameter (or why there are none). */
async function loadRows(
  print: PrintDef,
  resource: ResourceDef,
  param: string,
  signal: AbortSignal,
): Promise<Loaded<Row[]> | undefined> {
  const source = print.source ?? { type: 'get' };
  const title = print.notFound ?? print.title;
  if (source.paramPattern && !new RegExp(source.paramPattern).test(param))
    return missing(notFound(title, param));
  if (source.type === 'storage') {
    const stored = { ...print, source };
    const data = readPrintData(source.storage ?? 'session', print.name, param) as Row | undefined;
    if (!isWholeHandOver(stored, resource, data)) return missing(STALE_DATA);
    if (!source.each) return ready([data!]);
    const rows: Row[] = [];
    for (const key of valueAt(data, source.each.list) as unknown[]) {
      try {
        rows.push(await callEndpoint(source.each.fetch, key, signal));
      } catch (error) {
        // One unknown item spoils the print: a partial batch would be mistaken for the whole.
        return failure(error, title, String(key));
      }
    }
    return ready(rows);
  }
  try {
    const row =
      source.type === 'endpoint'
        ? await callEndpoint(source.endpoint!, param, signal)
        : await getRow(resource, source.lookup, param, signal);
    return row ? ready([row]) : missing(notFound(title, param));
  } catch (error) {
    return failure(error, title, param);
  }
}

/** Loads a print file's document(s) for the route parameter; a broken file says so on the page. */
export async function loadPrint(
  print: PrintDef,
  param: string,
  signal: AbortSignal,
): Promise<Loaded<PrintBatch> | undefined> {
  let resource: ResourceDef;
  try {
    resource = await loadResource(print.resource, `schemas/prints/${print.name}.json`);
  } catch (error) {
    return failure(error, print.title, param);
  }
  const problems = checkPrint(print, { resources: new Map([[resource.name, resource]]) });
  if (problems.length)
    return missing(
      `配置错误：schemas/prints/${print.name}.json ${problems[0]!.path} ${problems[0]!.message}`,
    );
  const rows = await loadRows(print, resource, param, signal);
  if (rows?.state !== 'ready') return rows as Loaded<PrintBatch> | undefined;
  const docs: PrintDoc[] = [];
  for (const row of rows.data) {
    const doc = prepare(print, resource, row, param);
    if (doc.state !== 'ready') return doc as Loaded<PrintBatch>;
    docs.push(doc.data);
  }
  const one = docs.length === 1 ? docs[0]! : undefined;
  const several = print.source?.each?.several ?? '{count}';
  const headerCode = one
    ? print.code === '$param'
      ? param
      : String(one.row[print.code] ?? param)
    : several.replace('{count}', String(docs.length));
  return ready({ docs, headerCode });
}
