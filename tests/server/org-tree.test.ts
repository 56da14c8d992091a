import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import type { OrgTreeNode } from '../../server/routes/org/index';

const names = (nodes: OrgTreeNode[]): string[] => nodes.flatMap((n) => [n.orgName, ...names(n.children)]);

describe('GET /api/v1/smm/org/findAllOrgTree', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('hq001');
  });
  afterAll(() => t.close());

  it('answers the whole tree under headquarters', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/smm/org/findAllOrgTree', token });
    const roots = res.json().data as OrgTreeNode[];
    expect(roots.map((r) => r.orgName)).toEqual(['鲜丰集团总部']);
    expect(roots[0]!.children.map((c) => c.orgName)).toEqual(['华东大区', '华南大区']);
    expect(names(roots)).toContain('南京新街口店');
  });

  it('with userId: only the organisations held, with their ancestors', async () => {
    const md = await t.database.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'md001')
      .executeTakeFirstOrThrow();
    const res = await t.call({ method: 'GET', url: `/api/v1/smm/org/findAllOrgTree?userId=${md.id}`, token });
    expect(names(res.json().data)).toEqual(['鲜丰集团总部', '华东大区', '杭州文三路店']);
  });

  it('needs a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/smm/org/findAllOrgTree' });
    expect(res.json().result.code).toBe('W0005');
  });
});
