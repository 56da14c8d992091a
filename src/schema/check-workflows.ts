import type { Catalog, WorkflowDef } from './types';

type Problem = { path: string; message: string };

/**
 * Approval workflows (schemas/workflows, issue 14) against their resource: the pending state is one
 * the document can enter, the approve / reject / withdraw transitions leave it, the status field holds
 * the workflow order status, conditions name fields. Pure; the lint runs it (with the permission codes
 * of the menu), and the server refuses to start on a problem.
 */
export function checkWorkflow(
  w: WorkflowDef,
  catalog: Pick<Catalog, 'resources' | 'workflows'>,
  knownPermission?: (code: string) => boolean,
): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const r = catalog.resources.get(w.resource);
  if (!r) return [{ path: '/resource', message: `unknown resource "${w.resource}"` }];
  const states = r.states;
  if (!states) return [{ path: '/resource', message: `resource "${w.resource}" has no states to approve` }];
  const same = (a: unknown, b: unknown) => String(a) === String(b);
  const entered =
    states.initial === w.pendingState || states.transitions.some((t) => same(t.to, w.pendingState));
  if (!entered)
    add(
      '/pendingState',
      `no transition of "${w.resource}" enters state ${String(w.pendingState)}, nor is it the initial state`,
    );
  for (const key of ['approve', 'reject', 'withdraw'] as const) {
    const name = w[key];
    if (!name) continue;
    const t = states.transitions.find((x) => x.name === name);
    if (!t) add(`/${key}`, `resource "${w.resource}" has no transition "${name}"`);
    else if (!t.from.some((s) => same(s, w.pendingState)))
      add(`/${key}`, `transition "${name}" does not leave the pending state ${String(w.pendingState)}`);
    else if (t.input?.length)
      add(
        `/${key}`,
        `transition "${name}" takes input (${t.input.join(', ')}): the workflow cannot supply it`,
      );
  }
  if (w.statusField) {
    const f = r.fields[w.statusField];
    if (!f) add('/statusField', `resource "${w.resource}" has no field "${w.statusField}"`);
    else if (f.type !== 'integer' || f['x-enum'] !== 'workflowOrderStatus')
      add('/statusField', `"${w.statusField}" must be an integer field with x-enum workflowOrderStatus`);
  }
  if (w.submitterField && r.fields[w.submitterField]?.type !== 'integer')
    add(
      '/submitterField',
      `"${w.submitterField}" must be an integer field of "${w.resource}" holding a user id`,
    );
  w.steps.forEach((s, i) => {
    if (s.when && !r.fields[s.when.field])
      add(`/steps/${i}/when/field`, `resource "${w.resource}" has no field "${s.when.field}"`);
    (s.and ?? []).forEach((c, j) => {
      if (!s.when) add(`/steps/${i}/and`, 'and needs when');
      if (!r.fields[c.field])
        add(`/steps/${i}/and/${j}/field`, `resource "${w.resource}" has no field "${c.field}"`);
    });
    s.approvers.forEach((a, j) => {
      if (a.permission && knownPermission && !knownPermission(a.permission))
        add(
          `/steps/${i}/approvers/${j}/permission`,
          `unknown permission "${a.permission}" (not in schemas/menu)`,
        );
      if (a.org && !a.role && !a.permission)
        add(`/steps/${i}/approvers/${j}/org`, 'org narrows a role or a permission: name one');
    });
  });
  for (const other of catalog.workflows.values()) {
    if (other.name !== w.name && other.resource === w.resource && same(other.pendingState, w.pendingState))
      add(
        '/pendingState',
        `workflow "${other.name}" already guards state ${String(w.pendingState)} of "${w.resource}"`,
      );
  }
  return out;
}
