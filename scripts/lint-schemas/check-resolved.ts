import { displayPath } from '../../src/schema/files';
import { catalogContext } from '../../src/schema/resolve/context';
import { resolveForm } from '../../src/schema/resolve/form';
import { resolvePage } from '../../src/schema/resolve/page';
import type { FormDef, PageDef } from '../../src/generated/schema-files';
import type { LintContext } from './context';

/**
 * Every page and form through the very resolver the renderer draws with (src/schema/resolve): what
 * the browser would show as a configuration error (an unknown column type, action, enum or form
 * component) fails the lint first, naming the file and the JSON path.
 */
export function checkResolved(ctx: LintContext): void {
  const world = catalogContext(ctx.catalog, ctx.prints.keys());
  for (const file of ctx.pages.values()) {
    const page = file.data as unknown as PageDef;
    const r = page.resource ? ctx.catalog.resources.get(page.resource) : undefined;
    if (page.resource && !r) continue; // reported by check-pages
    // A column is resolved for the list and again for the detail: report each problem once.
    const seen = new Set<string>();
    for (const p of resolvePage(world, page, r, displayPath(ctx.dir, file.file)).problems) {
      const key = `${p.source.path} ${p.text}`;
      if (!seen.has(key)) ctx.add(file.file, p.source.path ?? '', p.text);
      seen.add(key);
    }
  }
  for (const file of ctx.forms.values()) {
    const form = file.data as unknown as FormDef;
    const r = ctx.catalog.resources.get(form.resource);
    if (!r) continue;
    for (const u of resolveForm(world, form, r, displayPath(ctx.dir, file.file)).unknown)
      ctx.add(file.file, u.path, `unknown ${u.kind} "${u.name}" (not bound by src/renderer/registry.ts)`);
  }
}
