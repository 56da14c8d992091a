import type { PageDef } from '../../src/generated/schema-files';
import { checkWorkflow } from '../../src/schema/check-workflows';
import { knownPermission, type LintContext } from './context';

/**
 * schemas/workflows (src/schema/check-workflows.ts), and no page offers a button for a transition only
 * its workflow may run (the server would refuse every click).
 */
export function checkWorkflowFiles(ctx: LintContext): void {
  const guarded = new Map<string, Set<string>>();
  for (const file of ctx.files.filter((f) => f.kind === 'workflow')) {
    const w = ctx.catalog.workflows.get(String(file.data.name))!;
    for (const p of checkWorkflow(w, ctx.catalog, (c) => knownPermission(ctx, c)))
      ctx.add(file.file, p.path, p.message);
    // A button for a transition that only ever leaves the pending state would always be refused.
    const names = guarded.get(w.resource) ?? new Set<string>();
    const r = ctx.catalog.resources.get(w.resource);
    for (const name of [w.approve, w.reject, w.withdraw]) {
      const t = r?.states?.transitions.find((x) => x.name === name);
      if (t && t.from.every((s) => String(s) === String(w.pendingState))) names.add(t.name);
    }
    guarded.set(w.resource, names);
  }
  for (const file of ctx.pages.values()) {
    const page = file.data as unknown as PageDef;
    const r = page.resource ? ctx.catalog.resources.get(page.resource) : undefined;
    if (page.detail?.approvals && !(page.resource && guarded.has(page.resource)))
      ctx.add(
        file.file,
        '/detail/approvals',
        `no workflow guards "${page.resource ?? ''}": it has no approvals to show`,
      );
    const doc = page.detail?.document;
    for (const key of ['resourceField', 'idField'] as const)
      if (doc && r && !r.fields[doc[key]])
        ctx.add(file.file, `/detail/document/${key}`, `resource "${r.name}" has no field "${doc[key]}"`);
    const names = page.resource ? guarded.get(page.resource) : undefined;
    if (!names) continue;
    for (const key of ['rowActions', 'batchActions'] as const) {
      (page[key] ?? []).forEach((a, i) => {
        if (a.type === 'transition' && a.transition && names.has(a.transition))
          ctx.add(
            file.file,
            `/${key}/${i}/transition`,
            `"${a.transition}" is run by an approval workflow only; approvers act in the approval centre`,
          );
      });
    }
  }
}
