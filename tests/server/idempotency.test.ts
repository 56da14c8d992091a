import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRoute, MSG_KEY_BAD, MSG_KEY_REUSED, requestHash } from '../../server/plugins/idempotency';
import { createTestApp, type TestApp } from '../fixtures/app';
import { assignablePick, PICK_LIST } from './resource-helpers';

// Issue 13.4: a write carrying an Idempotency-Key acts once per caller and key (server/plugins/
// idempotency.ts): repeats, concurrent or later, get the first answer; the key with another request
// is refused. Every write route of app.routeTable takes part, so a route added later is covered.
describe('idempotency keys', () => {
  let t: TestApp;
  let hq: string;
  let seq = 0;
  const newKey = () => `test-key-${Date.now()}-${++seq}`;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, key: string | undefined, payload?: object) =>
    t.call({
      method,
      url,
      token: hq,
      headers: key === undefined ? {} : { 'idempotency-key': key },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const count = async (table: string, column: string, value: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(
          t.database.db,
        )
      ).rows[0]!.n,
    );

  it('five identical parallel creates with one key: one app, five equal answers (resource engine)', async () => {
    const key = newKey();
    const body = { appName: '幂等测试应用' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', '/gateApi/common/appinfo/m/addApp', key, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json().result.success).toBe(true);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await count('app_info', 'app_name', '幂等测试应用')).toBe(1);
    // Later, one more repeat still gets the same answer and writes nothing.
    const later = await send('POST', '/gateApi/common/appinfo/m/addApp', key, body);
    expect(later.body).toBe(answers[0]!.body);
    expect(await count('app_info', 'app_name', '幂等测试应用')).toBe(1);
  });

  it('five identical parallel creates with one key: one notice (hand-written route)', async () => {
    const key = newKey();
    const body = { title: '幂等测试公告', content: '<p>只发一次</p>' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', '/api/v1/msg/im/message/addSystemNotice', key, body)),
    );
    expect(answers.map((a) => a.json().result.success)).toEqual([true, true, true, true, true]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await count('im_message', 'title', '幂等测试公告')).toBe(1);
  });

  it('five identical parallel transitions with one key: one move, five equal answers', async () => {
    const pick = await assignablePick(t);
    const order = { id: pick.id };
    const key = newKey();
    const url = `/gateApi/storageAdmin/pickOrder/assignPicker/${order.id}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', url, key, { pickerId: pick.pickerId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().data.status).toBe(20);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'pickOrder')
      .where('entityId', '=', String(order.id))
      // A pick order made by a seeded store order's approval also has its create audited.
      .where('action', 'like', 'transition:%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['transition:assignPicker']);
  });

  it('the same key with another body or path is refused, and writes nothing', async () => {
    const key = newKey();
    const first = await send('POST', '/gateApi/common/appinfo/m/addApp', key, { appName: '幂等甲' });
    expect(first.json().result.success).toBe(true);
    for (const [url, body] of [
      ['/gateApi/common/appinfo/m/addApp', { appName: '幂等乙' }],
      ['/api/v1/msg/im/message/addSystemNotice', { title: '幂等乙', content: '<p>乙</p>' }],
    ] as const) {
      const reused = await send('POST', url, key, body);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().result).toEqual({ success: false, code: 'E0422', msg: MSG_KEY_REUSED });
    }
    expect(await count('app_info', 'app_name', '幂等乙')).toBe(0);
    expect(await count('im_message', 'title', '幂等乙')).toBe(0);
  });

  it('different keys, or no key, are separate submissions', async () => {
    const body = { appName: '幂等分开' };
    await send('POST', '/gateApi/common/appinfo/m/addApp', newKey(), body);
    await send('POST', '/gateApi/common/appinfo/m/addApp', newKey(), body);
    await send('POST', '/gateApi/common/appinfo/m/addApp', undefined, body);
    expect(await count('app_info', 'app_name', '幂等分开')).toBe(3);
  });

  it('a refused request keeps no answer: the same form, corrected, goes through with its key', async () => {
    const key = newKey();
    const bad = await send('POST', '/gateApi/common/appinfo/m/addApp', key, { appName: '' });
    expect(bad.statusCode).toBe(400);
    const fixed = await send('POST', '/gateApi/common/appinfo/m/addApp', key, { appName: '幂等改正' });
    expect(fixed.json().result.success).toBe(true);
    expect(await count('app_info', 'app_name', '幂等改正')).toBe(1);
  });

  it('a malformed key is a 400; keys are per caller; expired keys are forgotten', async () => {
    const bad = await send('POST', '/gateApi/common/appinfo/m/addApp', 'x', { appName: '幂等坏键' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.msg).toBe(MSG_KEY_BAD);
    const key = newKey();
    await send('POST', '/gateApi/common/appinfo/m/addApp', key, { appName: '幂等两人' });
    // Another user with the same key acts for himself (the store is keyed by caller too).
    await sql`update idempotency_key set owner = 'u-someone-else' where idem_key = ${key}`.execute(
      t.database.db,
    );
    await send('POST', '/gateApi/common/appinfo/m/addApp', key, { appName: '幂等两人' });
    expect(await count('app_info', 'app_name', '幂等两人')).toBe(2);
    // A day later the key is free again.
    await sql`update idempotency_key set created_at = now() - interval '25 hours' where idem_key = ${key}`.execute(
      t.database.db,
    );
    await send('POST', '/gateApi/common/appinfo/m/addApp', key, { appName: '幂等两人' });
    expect(await count('app_info', 'app_name', '幂等两人')).toBe(3);
  });

  it('every write route of the route table consults the store before anything else', async () => {
    const REPLAY = '{"result":{"success":true,"code":"0","msg":""},"data":"replayed"}';
    const routes = t.app.routeTable.flatMap((route: RouteOptions) =>
      [route.method]
        .flat()
        .filter((m) => idempotentRoute(m, route.config ?? {}) && !route.config?.signedInQuery)
        .map((method) => ({ method: method as 'POST' | 'PUT' | 'DELETE', pattern: route.url })),
    );
    // Sanity: the creates, updates, transitions and hand-written writes are all in.
    expect(routes.length).toBeGreaterThan(40);
    const missed: string[] = [];
    for (const { method, pattern } of routes) {
      const params: Record<string, string> = {};
      const url = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
        params[name] = '1';
        return '1';
      });
      const payload = method === 'DELETE' ? undefined : {};
      const hash = requestHash(params, {}, payload);
      const replayKey = newKey();
      const otherKey = newKey();
      await sql`insert into idempotency_key (owner, idem_key, method, path, request_hash, state, http_status, response)
        values ('u' || (select id from app_user where account = 'hq001'), ${replayKey}, ${method}, ${pattern}, ${hash}, 'done', 200, ${REPLAY}),
               ('u' || (select id from app_user where account = 'hq001'), ${otherKey}, ${method}, ${pattern}, 'another', 'done', 200, ${REPLAY})`.execute(
        t.database.db,
      );
      const replayed = await send(method, url, replayKey, payload);
      const refused = await send(method, url, otherKey, payload);
      if (replayed.body !== REPLAY || refused.statusCode !== 422) {
        missed.push(
          `${method} ${pattern}: ${replayed.statusCode} ${refused.statusCode} ${refused.body.slice(0, 80)}`,
        );
      }
    }
    expect(missed).toEqual([]);
  });

  it('reads sent by POST ignore the key (resource lists opt out)', async () => {
    const key = newKey();
    const a = await send('POST', PICK_LIST, key, { pageSize: 1 });
    const b = await send('POST', PICK_LIST, key, { pageSize: 2 });
    expect(a.json().data.list).toHaveLength(1);
    expect(b.json().data.list).toHaveLength(2);
  });
});
