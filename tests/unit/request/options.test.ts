import { describe, expect, it } from 'vitest';
import {
  type ApiEnvelope,
  api,
  DEFAULT_TIMEOUT_MS,
  isCancelError,
  newIdempotencyKey,
} from '@/runtime/request';
import { clearToken, getToken, setToken } from '@/runtime/session';
import { useRequestHarness } from './harness';
import { envelope } from './test-server';

const rejection = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call resolved; it should have failed');
    },
    (error: unknown) => error,
  );

// Per-call options (RequestOptions in src/runtime/request/types.ts).
describe('silent', () => {
  const h = useRequestHarness();

  it('drops the error toast, still rejects', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/fail', () => ({ body: envelope(false, 'E0409', '不能删除') }));
    h.server.routes.set('/api/t/boom', () => ({ status: 500, body: envelope(false, 'E0500', '') }));
    await expect(api.get('/api/t/fail', undefined, { silent: true })).rejects.toMatchObject({
      msg: '不能删除',
    });
    await expect(api.post('/api/t/boom', {}, { silent: true })).rejects.toMatchObject({ code: 'E0500' });
    expect(h.ui.quiet).toBe(true);
  });

  it('does not hide a session ending: W0005 still says so and goes to login', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/expired', () => ({ body: envelope(false, 'W0005', '') }));
    await rejection(api.get('/api/t/expired', undefined, { silent: true }));
    expect(h.ui.errors).toEqual(['身份信息已过期，请重新登录']);
    expect(h.ui.navigations).toEqual(['/login']);
  });
});

describe('noIntercept', () => {
  const h = useRequestHarness();

  it('resolves with the raw envelope of a failure, shows nothing, changes nothing', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/fail', () => ({ body: envelope(false, 'E0409', '不能删除', { id: 3 }) }));
    h.server.routes.set('/api/t/expired', () => ({
      body: envelope(false, 'W0005', '身份信息已过期，请重新登录'),
    }));
    h.server.routes.set('/api/t/replaced', () => ({ body: envelope(false, 'W0013', '') }));
    h.server.routes.set('/api/t/denied', () => ({ status: 401, body: envelope(false, 'E0401', '无权限') }));
    const raw = { noIntercept: true } as const;
    const fail: ApiEnvelope = await api.get('/api/t/fail', undefined, raw);
    expect(fail).toEqual(envelope(false, 'E0409', '不能删除', { id: 3 }));
    expect((await api.post('/api/t/expired', {}, raw)).result.code).toBe('W0005');
    expect((await api.put('/api/t/replaced', {}, raw)).result.code).toBe('W0013');
    expect((await api.delete('/api/t/denied', undefined, raw)).result.code).toBe('E0401');
    expect((await api.get('/api/t/nowhere', undefined, raw)).result.code).toBe('E0404');
    expect(h.ui.quiet).toBe(true);
    expect(getToken()).toBe('tok');
  });

  it('rejects without showing anything when no envelope came back', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/slow', () => ({ body: envelope(true, '0', '', 1), delayMs: 2_000 }));
    const error = await rejection(api.get('/api/t/slow', undefined, { noIntercept: true, timeout: 100 }));
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    clearToken();
    const noToken = await rejection(api.get('/api/t/slow', undefined, { noIntercept: true }));
    expect(noToken).toMatchObject({ code: 'NO_TOKEN' });
    expect(h.server.hits('/api/t/slow')).toHaveLength(1);
    expect(h.ui.quiet).toBe(true);
  });
});

describe('cache', () => {
  const h = useRequestHarness();
  let count = 0;
  const counting = () => {
    count += 1;
    return { body: envelope(true, '0', '', count) };
  };

  it('memoises a GET by URL and params for the ttl', async () => {
    setToken('tok');
    count = 0;
    h.server.routes.set('/api/t/dict', counting);
    const [a, b] = await Promise.all([
      api.get('/api/t/dict', { type: 'unit' }, { cache: 10_000 }),
      api.get('/api/t/dict', { type: 'unit' }, { cache: 10_000 }),
    ]);
    const c = await api.get('/api/t/dict', { type: 'unit' }, { cache: 10_000 });
    const other = await api.get('/api/t/dict', { type: 'brand' }, { cache: 10_000 });
    const uncached = await api.get('/api/t/dict', { type: 'unit' });
    expect([a, b, c, other, uncached]).toEqual([1, 1, 1, 2, 3]);
    expect(h.server.hits('/api/t/dict')).toHaveLength(3);
  });

  it('asks again after the ttl, and for another user', async () => {
    setToken('tok');
    count = 0;
    h.server.routes.set('/api/t/tree', counting);
    expect(await api.get('/api/t/tree', {}, { cache: 80 })).toBe(1);
    expect(await api.get('/api/t/tree', {}, { cache: 80 })).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    expect(await api.get('/api/t/tree', {}, { cache: 80 })).toBe(2);
    setToken('someone-else');
    expect(await api.get('/api/t/tree', {}, { cache: 80 })).toBe(3);
  });

  it('does not remember a failure', async () => {
    setToken('tok');
    let fail = true;
    h.server.routes.set('/api/t/flaky', () =>
      fail ? { body: envelope(false, 'E0500', '稍后再试') } : { body: envelope(true, '0', '', 'ok') },
    );
    await rejection(api.get('/api/t/flaky', {}, { cache: true }));
    fail = false;
    expect(await api.get('/api/t/flaky', {}, { cache: true })).toBe('ok');
    expect(h.ui.errors).toEqual(['稍后再试']);
  });

  it('one caller cancelling does not cancel the shared call for the others', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/slow-dict', () => ({ body: envelope(true, '0', '', 'dict'), delayMs: 150 }));
    const controller = new AbortController();
    const first = rejection(api.get('/api/t/slow-dict', {}, { cache: true, signal: controller.signal }));
    const second = api.get('/api/t/slow-dict', {}, { cache: true });
    controller.abort();
    expect(isCancelError(await first)).toBe(true);
    expect(await second).toBe('dict');
    expect(h.ui.quiet).toBe(true);
  });
});

describe('cancellation and timeout', () => {
  const h = useRequestHarness();

  it('an already aborted signal sends nothing and stays quiet', async () => {
    setToken('tok');
    await loadConfigFirst();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(api.post('/api/t/anything', {}, { signal: controller.signal }));
    expect(isCancelError(error)).toBe(true);
    expect(h.server.hits('/api/t/anything')).toEqual([]);
    expect(h.ui.quiet).toBe(true);
  });

  it('aborting while the answer is awaited rejects with the cancel error, after the request left', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/slow', () => ({ body: envelope(true, '0', '', 1), delayMs: 1_000 }));
    const controller = new AbortController();
    const call = rejection(api.put('/api/t/slow', { a: 1 }, { signal: controller.signal }));
    while (h.server.hits('/api/t/slow').length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const error = await call;
    expect(error).toMatchObject({ code: 'CANCELLED', httpStatus: 0 });
    expect(h.ui.quiet).toBe(true);
  });

  it('times out after 30 s unless the call says otherwise', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  async function loadConfigFirst() {
    h.server.routes.set('/api/t/ok', () => ({ body: envelope(true, '0', '', 1) }));
    await api.get('/api/t/ok');
  }
});

describe('idempotencyKey', () => {
  const h = useRequestHarness();

  it('travels as Idempotency-Key; calls without one send none; keys are new each time', async () => {
    setToken('tok');
    h.server.routes.set('/api/t/create', () => ({ body: envelope(true, '0', '', { id: 1 }) }));
    const key = newIdempotencyKey();
    await api.post('/api/t/create', { a: 1 }, { idempotencyKey: key });
    await api.post('/api/t/create', { a: 1 }, { idempotencyKey: key });
    await api.post('/api/t/create', { a: 1 });
    const sent = h.server.hits('/api/t/create').map((r) => r.headers['idempotency-key']);
    expect(sent).toEqual([key, key, undefined]);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
