import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/security/keys';
import { permissionKeys } from '../../server/services/session';
import { createTestApp, type TestApp } from '../fixtures/app';

/** Every page file with an export action, with the list endpoint of its resource. */
function exportablePages() {
  const out: { key: string; method: 'GET' | 'POST'; path: string; own?: string }[] = [];
  for (const app of ['admin', 'dacang']) {
    const dir = path.resolve('schemas/pages', app);
    for (const file of fs.readdirSync(dir)) {
      const page = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      const action = (page.toolbar ?? []).find((a: { type: string }) => a.type === 'export');
      if (!action) continue;
      const r = JSON.parse(
        fs.readFileSync(path.resolve('schemas/resources', `${page.resource}.json`), 'utf8'),
      );
      out.push({
        key: `${app}/${page.name}`,
        method: r.endpoints.list.method,
        path: r.endpoints.list.path,
        // The export action's own permission (a gift-card batch's): needed besides the list's.
        ...(action.permission ? { own: action.permission as string } : {}),
      });
    }
  }
  return out;
}

const ACCOUNTS = ['hq001', 'md001', 'e00007', 'wh001'];

// Issue 13.2: an export runs the list's own conditions (fixed conditions, the caller's store and
// user) — for every exportable page and every demo role, the exported rows are the listed rows.
describe('exports hold exactly the rows the list shows', () => {
  let t: TestApp;
  let dataDir: string;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-export-scope-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    for (const a of ACCOUNTS) tokens.set(a, await t.login(a));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function exported(token: string, page: string): Promise<{ status: number; rowCount?: number }> {
    const started = await t.json(token, 'POST', '/api/v1/export/jobs', { page });
    if (started.status !== 200) return { status: started.status };
    const id = started.body.data.id as number;
    const until = Date.now() + 60_000;
    for (;;) {
      const list = (await t.json(token, 'GET', '/api/v1/export/jobs?pageSize=50')).body.data.list;
      const job = list.find((j: { id: number }) => j.id === id);
      if (job.status >= 2) return { status: job.status === 2 ? 200 : 500, rowCount: job.rowCount };
      if (Date.now() > until) throw new Error(`export ${id} did not finish`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('per page and role: listed total = exported rows; refused to list = refused to export', async () => {
    // A request of another store (e00002 is a clerk of store 12): hq001 lists it, md001 must not.
    const other = await t.json(await t.login('e00002'), 'POST', '/api/v1/finance/storeExpense/add', {
      category: 2,
      amount: 88,
      expenseDate: '2026-11-20',
      reason: '购买保鲜膜',
    });
    expect(other.body.data.storeId).toBe(12);
    // Nor may he read it, or print it, by its id.
    const md = tokens.get('md001')!;
    const peek = await t.json(md, 'GET', `/api/v1/finance/storeExpense/detail/${other.body.data.id}`);
    expect(peek.status).toBe(404);
    const seen: string[] = [];
    // What a signed-in token holds, read as the server reads it (its session's user and organisation).
    const holds = async (token: string, code: string) => {
      const s = await t.database.db
        .selectFrom('session')
        .select(['userId', 'orgId'])
        .where('tokenHash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow();
      return (await permissionKeys(t.database.db, s.userId, s.orgId)).has(code);
    };
    for (const p of exportablePages()) {
      for (const account of ACCOUNTS) {
        const token = tokens.get(account)!;
        const list = () => t.json(token, p.method, p.path, p.method === 'GET' ? undefined : { pageSize: 20 });
        const listed = await list();
        const out = await exported(token, p.key);
        if (listed.status !== 200 || (p.own && !(await holds(token, p.own)))) {
          expect({ page: p.key, account, export: out.status }).toEqual({ page: p.key, account, export: 401 });
          continue;
        }
        // The operation log grows by the export's own call while it runs: the export holds what the
        // list showed at some moment between the two listings (for every other page, the same total).
        const after = (await list()).body.data.total as number;
        const rows =
          out.rowCount! >= listed.body.data.total && out.rowCount! <= after
            ? listed.body.data.total
            : out.rowCount;
        expect({ page: p.key, account, rows }).toEqual({
          page: p.key,
          account,
          rows: listed.body.data.total,
        });
        seen.push(`${p.key}:${account}:${listed.body.data.total}`);
      }
    }
    // The store scope is what is at stake: a store manager's export holds his store's rows only.
    const total = (key: string, account: string) =>
      Number(seen.find((s) => s.startsWith(`${key}:${account}:`))?.split(':')[2]);
    expect(total('admin/storeExpenseList', 'md001')).toBeLessThan(
      total('admin/storeExpenseList', 'hq001') + 1,
    );
    expect(total('admin/storeExpenseList', 'md001')).toBeGreaterThan(0);
  }, 180_000);
});
