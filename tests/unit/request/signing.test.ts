import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ApiEnvelope,
  ApiError,
  api,
  buildSignedUrl,
  computeSignature,
  loadClientConfig,
} from '@/runtime/request';
import { setToken } from '@/runtime/session';
import { useRequestHarness } from './harness';
import { envelope, type SeenRequest, SIGN_SECRET } from './test-server';

/** The server's rule (server/plugins/signature.ts), recomputed independently with node:crypto. */
const expected = (timestamp: string, token?: string) =>
  createHash('sha256')
    .update(SIGN_SECRET + timestamp + (token ?? ''))
    .digest('hex');

const echo = (r: SeenRequest) => ({ body: envelope(true, '0', '', { url: r.url, body: r.body }) });

// SPEC 6 and 7, DESIGN.md 3: what every call carries.
describe('signing and tokens', () => {
  const h = useRequestHarness();

  it('signs a call with timestamp and signature over secret + timestamp + token, and sends the token', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/echo', echo);
    const before = Date.now();
    await api.post('/api/t/echo', { a: 1 });
    const [seen] = h.server.hits('/api/t/echo');
    const timestamp = String(seen!.headers.timestamp);
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(timestamp)).toBeLessThanOrEqual(Date.now());
    expect(seen!.headers.token).toBe('tok-123');
    expect(seen!.headers.signature).toBe(expected(timestamp, 'tok-123'));
    expect(computeSignature(SIGN_SECRET, timestamp, 'tok-123')).toBe(expected(timestamp, 'tok-123'));
  });

  it('a call marked needToken: false goes without a token, signed without one, signed in or not', async () => {
    h.server.routes.set('/api/t/login', echo);
    await api.post('/api/t/login', { account: 'hq001' }, { needToken: false });
    setToken('tok-123');
    await api.post('/api/t/login', { account: 'hq001' }, { needToken: false });
    const hits = h.server.hits('/api/t/login');
    expect(hits).toHaveLength(2);
    for (const seen of hits) {
      expect(seen.headers.token).toBeUndefined();
      expect(seen.headers.signature).toBe(expected(String(seen.headers.timestamp)));
    }
  });

  it('reads the secret from the unsigned clientConfig call once, and asks again after a failure', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/echo', echo);
    await Promise.all([api.get('/api/t/echo'), api.get('/api/t/echo'), api.post('/api/t/echo', {})]);
    await api.get('/api/t/echo');
    const configCalls = h.server.hits('/api/v1/common/clientConfig');
    expect(configCalls).toHaveLength(1);
    expect(configCalls[0]!.headers.signature).toBeUndefined();
    expect(await loadClientConfig()).toMatchObject({
      signSecret: SIGN_SECRET,
      appCode: '10004',
      systemId: 300,
    });
  });

  it('a failed clientConfig fails the call (with its catalogue text) and is not remembered', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/echo', echo);
    const real = h.server.routes.get('/api/v1/common/clientConfig')!;
    h.server.routes.set('/api/v1/common/clientConfig', () => ({
      status: 500,
      body: envelope(false, 'E0500', ''),
    }));
    try {
      const error = await api.get('/api/t/echo').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(h.ui.errors).toEqual(['系统错误，请联系管理人员']);
      expect(h.server.hits('/api/t/echo')).toHaveLength(0);
    } finally {
      h.server.routes.set('/api/v1/common/clientConfig', real);
    }
    await expect(api.get('/api/t/echo')).resolves.toMatchObject({ url: '/api/t/echo' });
  });

  it('a clientConfig without a sign secret fails the call instead of signing with nothing', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/echo', echo);
    const real = h.server.routes.get('/api/v1/common/clientConfig')!;
    h.server.routes.set('/api/v1/common/clientConfig', () => ({ body: envelope(true, '0', '', null) }));
    try {
      await expect(api.get('/api/t/echo')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
      expect(h.ui.errors).toEqual(['系统错误，请联系管理人员']);
      expect(h.server.hits('/api/t/echo')).toHaveLength(0);
    } finally {
      h.server.routes.set('/api/v1/common/clientConfig', real);
    }
  });

  it('collapses duplicate slashes in the path, keeps the scheme and the query', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/echo', echo);
    const data = await api.get<{ url: string }>('api//t///echo', { back: 'http://x//y', ids: [1, 2] });
    expect(data.url).toBe('/api/t/echo?back=http%3A%2F%2Fx%2F%2Fy&ids=1&ids=2');
    const absolute = await api.get<{ url: string }>(`${h.server.baseUrl}//api//t/echo`);
    expect(absolute.url).toBe('/api/t/echo');
  });

  it('sends JSON bodies, and query parameters of a POST through options.params', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/echo', echo);
    const data = await api.post<{ url: string; body: string }>(
      '/api/t/echo',
      { name: '白菜', qty: 1.5 },
      { params: { printerId: 7 } },
    );
    expect(data.url).toBe('/api/t/echo?printerId=7');
    expect(JSON.parse(data.body)).toEqual({ name: '白菜', qty: 1.5 });
    const [seen] = h.server.hits('/api/t/echo');
    expect(seen!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('returns data typed, or the whole envelope with noIntercept', async () => {
    setToken('tok-123');
    h.server.routes.set('/api/t/user', () => ({ body: envelope(true, '0', '', { realName: '张三' }) }));
    const user: { realName: string } = await api.get<{ realName: string }>('/api/t/user');
    const whole: ApiEnvelope<{ realName: string }> = await api.get<{ realName: string }>(
      '/api/t/user',
      undefined,
      { noIntercept: true },
    );
    expect(user.realName).toBe('张三');
    expect(whole).toEqual(envelope(true, '0', '', { realName: '张三' }));
  });
});

// SPEC 9 and 7.9: export links carry timestamp, token and signature in the query string.
describe('signed export links', () => {
  const h = useRequestHarness();

  it('puts timestamp, token and a valid signature in the query, next to the filters', async () => {
    setToken('tok-xyz');
    const link = await buildSignedUrl('/api//v1/product/export', { categoryId: 3, name: '苹果' });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.server.baseUrl}/api/v1/product/export`);
    const q = url.searchParams;
    expect(q.get('categoryId')).toBe('3');
    expect(q.get('name')).toBe('苹果');
    expect(q.get('token')).toBe('tok-xyz');
    expect(q.get('signature')).toBe(expected(q.get('timestamp')!, 'tok-xyz'));
    expect(Math.abs(Date.now() - Number(q.get('timestamp')))).toBeLessThan(5_000);
  });

  it('without a token: 未登录或登录已过期 and login, like a call', async () => {
    await expect(buildSignedUrl('/api/v1/product/export')).rejects.toMatchObject({ code: 'NO_TOKEN' });
    expect(h.ui.errors).toEqual(['未登录或登录已过期']);
    expect(h.ui.navigations).toEqual(['/login']);
  });
});
