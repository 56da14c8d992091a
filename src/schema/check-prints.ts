import type { PrintDef } from '../generated/schema-files';
import type { Catalog } from './types';

/**
 * Printable documents (schemas/prints, issue 12.10): the resource can be loaded by id (its get
 * endpoint), and every field the print names exists. Pure; the lint runs it, the print page shows
 * the same problems loudly when a broken file reaches the browser.
 */
export function checkPrint(
  p: PrintDef,
  catalog: Pick<Catalog, 'resources'>,
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const r = catalog.resources.get(p.resource);
  if (!r) return [{ path: '/resource', message: `unknown resource "${p.resource}"` }];
  if (!r.endpoints.get) add('/resource', `resource "${p.resource}" has no get endpoint to load the document`);
  const has = (f: string) => Object.hasOwn(r.fields, f);
  if (!has(p.code)) add('/code', `resource "${p.resource}" has no field "${p.code}"`);
  if (p.stamp && !has(p.stamp)) add('/stamp', `resource "${p.resource}" has no field "${p.stamp}"`);
  p.header.forEach((h, i) => {
    if (!has(h.field)) add(`/header/${i}/field`, `resource "${p.resource}" has no field "${h.field}"`);
  });
  if (p.lines) {
    const child = r.children?.[p.lines.child];
    if (!child)
      return [
        ...out,
        { path: '/lines/child', message: `resource "${p.resource}" has no child "${p.lines.child}"` },
      ];
    const shown = new Set(p.lines.columns.map((c) => c.field));
    p.lines.columns.forEach((c, i) => {
      if (!child.fields[c.field])
        add(`/lines/columns/${i}/field`, `child "${p.lines!.child}" has no field "${c.field}"`);
    });
    (p.lines.totals ?? []).forEach((t, i) => {
      const f = child.fields[t];
      if (!f || (f.type !== 'number' && f.type !== 'integer'))
        add(`/lines/totals/${i}`, `"${t}" is not a number field of child "${p.lines!.child}"`);
      else if (!shown.has(t)) add(`/lines/totals/${i}`, `"${t}" is not a printed column`);
    });
  }
  return out;
}
