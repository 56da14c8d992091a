import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

const FILE = 'schemas/workflows/storeExpenseApproval.json';

// Issue 14: a workflow's every reference is checked (resource, states, transitions, fields,
// permissions), and no page offers a button only the workflow may press.
describe('schema lint of approval workflows', () => {
  it('names each broken reference with its JSON path', async () => {
    const dir = schemasCopy({
      'workflows/storeExpenseApproval.json': (w) => {
        w.pendingState = 15;
        w.approve = 'approveIt';
        w.reject = 'submit';
        w.statusField = 'reason';
        w.steps[1].approvers.push({ permission: 'expense:approveAll' });
        w.steps[2].when.field = 'total';
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (path: string) => problems.find((p) => p.file === FILE && p.path === path)?.message;
    expect(at('/pendingState')).toBe(
      'no transition of "storeExpense" enters state 15, nor is it the initial state',
    );
    expect(at('/approve')).toBe('resource "storeExpense" has no transition "approveIt"');
    expect(at('/reject')).toBe('transition "submit" does not leave the pending state 15');
    expect(at('/statusField')).toBe('"reason" must be an integer field with x-enum workflowOrderStatus');
    expect(at('/steps/1/approvers/1/permission')).toBe(
      'unknown permission "expense:approveAll" (not in schemas/menu)',
    );
    expect(at('/steps/2/when/field')).toBe('resource "storeExpense" has no field "total"');
  });

  it('refuses an unknown resource, and a page button for a transition only the approval runs', async () => {
    const dir = schemasCopy({
      'workflows/transferApplyReview.json': (w) => (w.resource = 'transferApplication'),
      'pages/admin/storeExpenseList.json': (p) =>
        p.rowActions.push({ type: 'transition', transition: 'approve' }),
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: 'schemas/workflows/transferApplyReview.json',
          path: '/resource',
          message: 'unknown resource "transferApplication"',
        },
        {
          file: 'schemas/pages/admin/storeExpenseList.json',
          path: '/rowActions/3/transition',
          message: '"approve" is run by an approval workflow only; approvers act in the approval centre',
        },
      ]),
    );
  });

  it('a workflow file that breaks its meta-schema is refused with the path', async () => {
    const dir = schemasCopy({
      'workflows/storeExpenseApproval.json': (w) => (w.steps[0].mode = 'majority'),
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    expect(problems).toContainEqual(expect.objectContaining({ file: FILE, path: '/steps/0/mode' }));
  });
});
