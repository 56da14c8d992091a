import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// Issue 17.6 and 17.7: what the stored-value ledger added to the schema language is checked like the
// rest — refuses' and workflow steps' further `and` conditions, an effect's `writeBack`, and a detail
// section of related rows (its resource, filters, the row's fields and its columns).
describe('schema lint of and-conditions, writeBack and related sections', () => {
  it('names each broken reference with its JSON path', async () => {
    const dir = schemasCopy({
      'resources/storedValueRecord.json': (r) => {
        r.refuses[0].and[0].field = 'rule';
        const approve = r.states.transitions.find((t: { name: string }) => t.name === 'approve');
        approve.effects[0].writeBack = { after: 'balance', balanceAfter: 'money' };
      },
      'workflows/storedValueApproval.json': (w) => {
        w.steps[1].and[0].field = 'refund';
      },
      'pages/admin/memberList.json': (p) => {
        p.detail.sections[0].related.filter = { member: 'id', memberId: 'memberNo' };
        p.detail.sections[0].columns[0].field = 'code';
        p.detail.sections[1].related.resource = 'coupons';
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (file: string, path: string) =>
      problems.filter((p) => p.file === `schemas/${file}.json` && p.path === path).map((p) => p.message);
    expect(at('resources/storedValueRecord', '/refuses/0/and/0/field')).toEqual(['unknown field "rule"']);
    expect(at('resources/storedValueRecord', '/states/transitions/1/effects/0/writeBack/after')).toEqual([
      'resource "storedValueRecord" has no field "after"',
    ]);
    expect(
      at('resources/storedValueRecord', '/states/transitions/1/effects/0/writeBack/balanceAfter'),
    ).toEqual(['resource "member" has no field "money"']);
    expect(at('workflows/storedValueApproval', '/steps/1/and/0/field')).toEqual([
      'resource "storedValueRecord" has no field "refund"',
    ]);
    expect(at('pages/admin/memberList', '/detail/sections/0/related/filter/member')).toEqual([
      'resource "storedValueRecord" has no filter "member"',
    ]);
    expect(at('pages/admin/memberList', '/detail/sections/0/related/filter/memberId')).toEqual([
      'resource "member" has no field "memberNo"',
    ]);
    expect(at('pages/admin/memberList', '/detail/sections/0/columns/0/field')).toEqual([
      'resource "storedValueRecord" has no field "code"',
    ]);
    expect(at('pages/admin/memberList', '/detail/sections/1/related/resource')).toEqual([
      'unknown resource "coupons"',
    ]);
  });
});
