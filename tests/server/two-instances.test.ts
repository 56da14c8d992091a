import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sha256Hex } from '../../server/security/keys';
import { createTestApps, encryptForLogin, signHeaders, type TestApp } from '../fixtures/app';
import { ageCodes, expectFail, get, latestCode, post, sendCode } from './auth-helpers';

// Issue 20.9: two server processes behind a load balancer work as one. Two apps on one database, each
// with its own Fastify instance, workers and (on PostgreSQL) connection pool, sharing DATA_DIR as
// docs/operations.md asks: whatever one does, the other sees at once.
describe('two servers on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    // An empty DATA_DIR: the first server generates the keys, the second finds them.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-two-'));
    // Behind a proxy on this host (inject calls come from 127.0.0.1), as behind nginx.
    const env = { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' };
    [a, b] = (await createTestApps(2, env)) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await a?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const navigation = (t: TestApp, token: string) =>
    post(t, '/api/v1/auth/navigation', { accountType: 1 }, token);

  it('share the keys: a password encrypted and a call signed for one signs in on the other', async () => {
    const config = (await get(b, '/api/v1/common/clientConfig')).body.data;
    expect(config.publicKey).toBe(a.keys.publicKeyPem);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: signHeaders(config.signSecret),
      payload: {
        accountType: 1,
        account: 'wh001',
        password: encryptForLogin(config.publicKey, 'Fresh#2026'),
      },
    });
    expect(res.json().result).toMatchObject({ success: true });
  });

  it('a session opened on one serves calls on the other; a logout on the other ends it on the first', async () => {
    const token = await a.login('hq001');
    expect((await navigation(b, token)).body.result.success).toBe(true);
    expect((await navigation(a, token)).body.result.success).toBe(true);
    expect((await post(b, '/api/v1/user03/logout', {}, token)).body.result.success).toBe(true);
    expectFail(await navigation(a, token), '身份信息已过期，请重新登录', 200);
  });

  // Only PostgreSQL can have a writer outside this process (PGlite's files are held by one process, so
  // every write to it passes through code that empties this process's caches): a session ended by a
  // statement on the other server's own connection, not through this process, is refused at once.
  it.runIf(inject('dbKind') === 'postgres')(
    'a session ended by a write of another process is refused on the next call',
    async () => {
      const token = await a.login('md001');
      expect((await navigation(a, token)).body.result.success).toBe(true);
      await b.database.db
        .updateTable('session')
        .set({ revokedAt: new Date(), revokeReason: 'logout', state: 0 })
        .where('tokenHash', '=', sha256Hex(token))
        .execute();
      expectFail(await navigation(a, token), '身份信息已过期，请重新登录', 200);
    },
  );

  it('a lockout after wrong passwords on one is seen by the other', async () => {
    const attempt = (t: TestApp, password: string) =>
      post(t, '/api/v1/auth/login', {
        accountType: 1,
        account: 'tip001',
        password: encryptForLogin(t.keys.publicKeyPem, password),
        encryptModel: 2,
      });
    for (let i = 0; i < 5; i++) expectFail(await attempt(a, 'Wrong#2026'), '账号或密码错误');
    const locked = await attempt(b, 'Fresh#2026');
    expect(locked.status).toBe(429);
    expect(locked.body.result.msg).toBe('密码错误次数过多，账号已锁定，请10分钟后再试');
  });

  it('an SMS code sent by one is accepted by the other, once', async () => {
    await ageCodes(a, '13800000002', 61_000);
    expect((await sendCode(a, '13800000002')).body.result.success).toBe(true);
    // The 60 s rule per phone holds across both.
    expect((await sendCode(b, '13800000002')).status).toBe(429);
    const code = await latestCode(a, '13800000002');
    const login = (t: TestApp) =>
      post(t, '/api/v1/auth/login', { accountType: 2, account: '13800000002', password: code });
    expect((await login(b)).body.result.success).toBe(true);
    expectFail(await login(a), '验证码错误或已失效');
  });

  it('the per-address limits count the calls to both together, per client behind the proxy', async () => {
    // The slider challenge allows 30 calls a minute per address (server/routes/smm/captcha.ts).
    const slider = (t: TestApp, client: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/smm/captcha/slider',
        headers: { ...signHeaders(t.keys.signSecret), 'x-forwarded-for': client },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await slider(i % 2 ? a : b, '203.0.113.7')).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await slider(a, '203.0.113.7')).statusCode).toBe(429);
    expect((await slider(b, '203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await slider(b, '203.0.113.8')).statusCode).toBe(200);
  });

  it(
    'exports queued on both are each run exactly once while both workers look for jobs',
    { timeout: 120_000 },
    async () => {
      // Every claim of a job is recorded by the database itself, whichever server's worker made it.
      await sql`create table claim_log (job_id integer not null, claim text not null)`.execute(a.database.db);
      await sql`create function log_claim() returns trigger language plpgsql as $$
      begin insert into claim_log values (new.id, new.claim); return new; end $$`.execute(a.database.db);
      await sql`create trigger export_job_claim after update of claim on export_job for each row
      when (new.claim is distinct from old.claim) execute function log_claim()`.execute(a.database.db);
      const token = await b.login('hq001');
      const ids: number[] = [];
      // Three: a user may have three exports under way at a time.
      for (let i = 0; i < 3; i++) {
        const t = i % 2 ? a : b;
        const created = await t.json(token, 'POST', '/api/v1/export/jobs', {
          page: 'admin/contractList',
          filters: {},
        });
        expect(created.body.result).toMatchObject({ success: true });
        ids.push(created.body.data.id);
      }
      const until = Date.now() + 100_000;
      let jobs: { id: number; status: number }[] = [];
      for (;;) {
        jobs = (await a.json(token, 'GET', '/api/v1/export/jobs?pageSize=50')).body.data.list;
        if (ids.every((id) => (jobs.find((j) => j.id === id)?.status ?? 0) >= 2)) break;
        if (Date.now() > until) throw new Error(`exports not finished: ${JSON.stringify(jobs)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(ids.map((id) => jobs.find((j) => j.id === id)!.status)).toEqual(ids.map(() => 2));
      const { rows } = await sql<{ jobId: number; claims: string }>`
      select job_id, count(*)::int as claims from claim_log group by job_id order by job_id`.execute(
        b.database.db,
      );
      expect(rows).toEqual(ids.map((id) => ({ jobId: id, claims: 1 })));
      // Whichever server wrote the file, the other serves it (DATA_DIR is shared).
      for (const [i, id] of ids.entries()) {
        const [linker, server] = i % 2 ? [a, b] : [b, a];
        const link = await linker.json(token, 'POST', `/api/v1/export/jobs/${id}/link`);
        const res = await server.app.inject({ method: 'GET', url: link.body.data.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('spreadsheetml');
      }
    },
  );
});
