import type { PrintCondition, PrintDef } from '../generated/schema-files';
import { checkSource } from './check-print-source';
import { hasDocField, isStoredDoc, printFields } from './print-handover';
import type { Catalog } from './types';

type Problem = { path: string; message: string };

const placeholders = (template: string) =>
  [...template.matchAll(/\{([A-Za-z$][A-Za-z0-9.]*)\}/g)].map((m) => m[1]!);

/**
 * Printable documents (schemas/prints, issue 12.10): the source can load the document, and every
 * field, computed value and format the file names exists. Document and line fields are those of
 * printFields (print-handover.ts): the mapped ones of a handed-over document, else the resource's
 * plus source.fields and the child's plus lines.fields. Pure; the lint runs it, the print page shows
 * the same problems loudly when a broken file reaches the browser.
 */
export function checkPrint(p: PrintDef, catalog: Pick<Catalog, 'resources'> & Partial<Catalog>): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const r = catalog.resources.get(p.resource);
  if (!r) return [{ path: '/resource', message: `unknown resource "${p.resource}"` }];
  checkSource(p, r, add);
  const fields = printFields(p, r);
  const isDoc = (f: string) => hasDocField(fields, f);
  const l = p.lines;
  const isLine = (f: string) => fields.line.has(f);
  const handed = isStoredDoc(p);
  const doc = (path: string, f: string | undefined) => {
    if (f === undefined || isDoc(f)) return;
    if (handed) add(path, `"${f}" is not a field the list page hands over (source.map)`);
    else add(path, `"${f}" is neither a field of resource "${r.name}" nor in source.fields`);
  };
  const line = (path: string, f: string | undefined) => {
    if (f !== undefined && !isLine(f))
      add(
        path,
        `"${f}" is not a field of the lines "${l?.child ?? ''}"${handed ? ' (source.lines.map)' : ''}`,
      );
  };
  const values = new Set(Object.keys(p.values ?? {}));
  const value = (path: string, v: string | undefined) => {
    if (v !== undefined && !values.has(v)) add(path, `unknown computed value "${v}" (values)`);
  };
  const template = (path: string, t: string | undefined, ofLine = false) => {
    for (const name of t ? placeholders(t) : [])
      if (name !== 'param' && !values.has(name) && !(ofLine ? isLine(name) : isDoc(name)))
        add(path, `placeholder {${name}} is no field, computed value or {param}`);
  };
  const condition = (path: string, c: PrintCondition | undefined, ofLine: boolean) => {
    if (!c) return;
    if (!c.field === !c.value) add(path, 'a condition tests either a field or a value');
    if ([c.eq, c.ne, c.in, c.empty].filter((x) => x !== undefined).length !== 1)
      add(path, 'a condition needs exactly one of eq, ne, in, empty');
    if (ofLine) line(`${path}/field`, c.field);
    else doc(`${path}/field`, c.field);
    value(`${path}/value`, c.value);
  };

  if (p.code !== '$param') doc('/code', p.code);
  doc('/companySub', p.companySub);
  if (typeof p.stamp === 'string') doc('/stamp', p.stamp);
  else if (p.stamp) {
    doc('/stamp/field', p.stamp.field);
    value('/stamp/value', p.stamp.value);
    template('/stamp/template', p.stamp.template);
  }
  for (const [f, format] of Object.entries(p.formats ?? {})) {
    if (!isDoc(f) && !isLine(f)) add(`/formats/${f}`, `"${f}" is no field of the document or its lines`);
    const e = format.startsWith('enum:') ? format.slice(5) : undefined;
    if (e && catalog.enums && !catalog.enums.has(e)) add(`/formats/${f}`, `unknown enum "${e}"`);
  }
  for (const [name, c] of Object.entries(p.values ?? {})) {
    if (c.op !== 'count' && !c.field) add(`/values/${name}`, `"${c.op}" needs a field`);
    line(`/values/${name}/field`, c.field);
    condition(`/values/${name}/where`, c.where, true);
  }
  p.refuse?.forEach((x, i) => {
    condition(`/refuse/${i}/when`, x.when, false);
    template(`/refuse/${i}/message`, x.message);
  });
  p.header.forEach((h, i) => {
    const kinds = [h.field, h.value, h.template, h.fill || undefined].filter((x) => x !== undefined).length;
    if (kinds !== 1) add(`/header/${i}`, 'a fact prints exactly one of field, value, template, fill');
    if (!h.title && !h.field) add(`/header/${i}/title`, 'a fact without a field needs a title');
    doc(`/header/${i}/field`, h.field);
    value(`/header/${i}/value`, h.value);
    template(`/header/${i}/template`, h.template);
  });
  if (l) {
    if (!handed && !r.children?.[l.child] && !p.source?.fields?.includes(l.child))
      add('/lines/child', `resource "${r.name}" has no child "${l.child}" (nor is it in source.fields)`);
    if (handed && !p.source.lines)
      add('/lines', 'handed-over lines need source.lines (where they come from)');
    condition('/lines/filter', l.filter, true);
    l.order?.forEach((f, i) => line(`/lines/order/${i}`, f));
    template('/lines/empty', l.empty);
    const shown = new Set<string>();
    l.columns.forEach((c, i) => {
      const at = `/lines/columns/${i}`;
      if (c.field) shown.add(c.field);
      if (!c.field && !c.check && !c.template && !c.fill && !c.fillWhen)
        add(at, 'a column prints a field, a template, a box to fill in or a tick box');
      if (!c.field && !c.title) add(`${at}/title`, 'a column without a field needs a title');
      line(`${at}/field`, c.field);
      line(`${at}/below`, c.below);
      template(`${at}/template`, c.template, true);
      condition(`${at}/fillWhen`, c.fillWhen, true);
      condition(`${at}/tag/when`, c.tag?.when, true);
      condition(`${at}/done/when`, c.done?.when, true);
    });
    (l.totals ?? []).forEach((entry, i) => {
      const t = typeof entry === 'string' ? { field: entry } : entry;
      const at = typeof entry === 'string' ? `/lines/totals/${i}` : `/lines/totals/${i}/field`;
      if (!shown.has(t.field)) add(at, `"${t.field}" is not a printed column`);
      if (typeof entry === 'string') {
        const f = fields.line.get(t.field);
        if (f && f.type !== 'number' && f.type !== 'integer')
          add(at, `"${t.field}" is not a number field of the lines "${l.child}"`);
      } else {
        doc(`/lines/totals/${i}/from`, entry.from);
        condition(`/lines/totals/${i}/where`, entry.where, true);
        template(`/lines/totals/${i}/template`, entry.template);
      }
    });
  }
  if (p.summary) {
    condition('/summary/when', p.summary.when, false);
    p.summary.items.forEach((s, i) => {
      if (!s.field === !s.value) add(`/summary/items/${i}`, 'an amount prints either a field or a value');
      doc(`/summary/items/${i}/field`, s.field);
      value(`/summary/items/${i}/value`, s.value);
    });
  }
  return out;
}
