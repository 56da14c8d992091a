import { describe, expect, it } from 'vitest';
import { ApiError, api, isCancelError, loadClientConfig } from '@/runtime/request';
import { clearToken, getProfile, getToken, setMenus, setProfile, setToken } from '@/runtime/session';
import { useRequestHarness } from './harness';
import { envelope } from './test-server';

/** Resolves with the rejection of a call (failing the test if it resolved). */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call resolved; it should have failed');
}

function signIn(token = 'token-a') {
  setToken(token);
  setProfile({ employeeNumber: 'hq001', realName: '总部管理员', userId: 1 });
  setMenus([{ id: 1, parentId: null, name: '系统管理', uri: '' }]);
}

// SPEC 8, the request rows of the error catalogue, one test each.
describe('error catalogue', () => {
  const h = useRequestHarness();
  const answer = (path: string, status: number, body: unknown) =>
    h.server.routes.set(path, () => ({ status, body }));

  it('result.success false: the msg as an error toast, and the call rejects', async () => {
    signIn();
    answer('/api/t/fail', 200, envelope(false, 'E0409', '当前状态不允许此操作'));
    const error = await failure(api.post('/api/t/fail', { name: '白菜' }));
    expect(error).toMatchObject({ code: 'E0409', msg: '当前状态不允许此操作', httpStatus: 200 });
    expect(h.ui.errors).toEqual(['当前状态不允许此操作']);
    expect(h.ui.navigations).toEqual([]);
    expect(getToken()).toBe('token-a');
  });

  it('W0005: toast 身份信息已过期，请重新登录, session cleared, login; once for calls failing together', async () => {
    signIn();
    answer('/api/t/expired', 200, envelope(false, 'W0005', 'whatever the server says'));
    const errors = await Promise.all([1, 2, 3].map(() => failure(api.get('/api/t/expired'))));
    expect(errors.map((e) => e.code)).toEqual(['W0005', 'W0005', 'W0005']);
    expect(h.ui.errors).toEqual(['身份信息已过期，请重新登录']);
    expect(h.ui.navigations).toEqual(['/login']);
    expect(getToken()).toBeUndefined();
    expect(getProfile()).toBeUndefined();
    expect(h.browser.localStorage.getItem('menus')).toBeNull();
  });

  it('W0005 answering a call of an older session leaves the new session alone', async () => {
    signIn('old-token');
    h.server.routes.set('/api/t/expired-late', () => ({
      body: envelope(false, 'W0005', ''),
      delayMs: 100,
    }));
    const late = failure(api.get('/api/t/expired-late'));
    await new Promise((r) => setTimeout(r, 20));
    setToken('new-token');
    await late;
    expect(h.ui.quiet).toBe(true);
    expect(getToken()).toBe('new-token');
  });

  it('W0013: one 提示 box with the server msg even for several calls; its confirm clears and goes to login', async () => {
    signIn();
    answer('/api/t/replaced', 200, envelope(false, 'W0013', '您的账号已在另一台电脑登录'));
    await Promise.all([1, 2, 3].map(() => failure(api.get('/api/t/replaced'))));
    expect(h.ui.boxes).toHaveLength(1);
    expect(h.ui.boxes[0]).toMatchObject({ title: '提示', content: '您的账号已在另一台电脑登录' });
    expect(h.ui.errors).toEqual([]);
    // Nothing happens until the user confirms.
    expect(getToken()).toBe('token-a');
    expect(h.ui.navigations).toEqual([]);
    h.ui.boxes[0]!.onOk();
    expect(getToken()).toBeUndefined();
    expect(getProfile()).toBeUndefined();
    expect(h.ui.navigations).toEqual(['/login']);
  });

  it('W0013 without a msg: the box says 您当前的账号已在其它位置登录', async () => {
    signIn();
    answer('/api/t/replaced-bare', 200, envelope(false, 'W0013', ''));
    const error = await failure(api.get('/api/t/replaced-bare'));
    expect(error.msg).toBe('您当前的账号已在其它位置登录');
    expect(h.ui.boxes.map((b) => [b.title, b.content])).toEqual([['提示', '您当前的账号已在其它位置登录']]);
  });

  it('missing token: 未登录或登录已过期 and login, without sending anything', async () => {
    const error = await failure(api.get('/api/t/never'));
    expect(error).toMatchObject({ code: 'NO_TOKEN', msg: '未登录或登录已过期', httpStatus: 0 });
    expect(h.server.seen).toEqual([]);
    expect(h.ui.errors).toEqual(['未登录或登录已过期']);
    expect(h.ui.navigations).toEqual(['/login']);
    // The page's other calls fail quietly: the user is already on the way to login.
    await failure(api.post('/api/t/never', {}));
    expect(h.ui.errors).toHaveLength(1);
    expect(h.ui.navigations).toHaveLength(1);
    // Once a session exists again, a later missing token is news again.
    answer('/api/t/ok', 200, envelope(true, '0', '', 1));
    setToken('token-b');
    await api.get('/api/t/ok');
    clearToken();
    await failure(api.get('/api/t/never'));
    expect(h.ui.errors).toEqual(['未登录或登录已过期', '未登录或登录已过期']);
  });

  it('timeout: 网络连接超时', async () => {
    signIn();
    h.server.routes.set('/api/t/slow', () => ({ body: envelope(true, '0', '', 1), delayMs: 2_000 }));
    const started = Date.now();
    const error = await failure(api.get('/api/t/slow', undefined, { timeout: 150 }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toMatchObject({ code: 'TIMEOUT', msg: '网络连接超时', httpStatus: 0 });
    expect(h.ui.errors).toEqual(['网络连接超时']);
    expect(getToken()).toBe('token-a');
  });

  it('HTTP 404: 出错了，请求地址不存在', async () => {
    signIn();
    answer('/api/t/gone', 404, envelope(false, 'E0404', 'Route GET:/api/t/gone not found'));
    const error = await failure(api.get('/api/t/gone'));
    expect(error).toMatchObject({ code: 'E0404', msg: '出错了，请求地址不存在', httpStatus: 404 });
    expect(h.ui.errors).toEqual(['出错了，请求地址不存在']);
  });

  it('HTTP 401: 您未开通权限，请联系管理人员, and the session stays', async () => {
    signIn();
    answer('/api/t/forbidden', 401, envelope(false, 'E0401', 'no permission'));
    const error = await failure(api.post('/api/t/forbidden', {}));
    expect(error).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员', httpStatus: 401 });
    expect(h.ui.errors).toEqual(['您未开通权限，请联系管理人员']);
    expect(h.ui.navigations).toEqual([]);
    expect(getToken()).toBe('token-a');
  });

  it('anything else with a msg: the server msg', async () => {
    signIn();
    answer('/api/t/conflict', 409, envelope(false, 'E0409', '单据已审核，不能重复提交'));
    answer('/api/t/boom', 500, envelope(false, 'E0500', '库存服务暂不可用'));
    const conflict = await failure(api.put('/api/t/conflict', {}));
    const boom = await failure(api.delete('/api/t/boom'));
    expect(conflict).toMatchObject({ code: 'E0409', httpStatus: 409 });
    expect(boom).toMatchObject({ code: 'E0500', httpStatus: 500 });
    expect(h.ui.errors).toEqual(['单据已审核，不能重复提交', '库存服务暂不可用']);
  });

  it('anything else without a msg: 系统错误，请联系管理人员 (empty msg, no envelope, no server)', async () => {
    signIn();
    answer('/api/t/bare', 500, envelope(false, 'E0500', ''));
    answer('/api/t/proxy', 502, '<html><body>Bad Gateway</body></html>');
    answer('/api/t/html-ok', 200, '<!doctype html><html></html>');
    const bare = await failure(api.get('/api/t/bare'));
    const proxy = await failure(api.get('/api/t/proxy'));
    const htmlOk = await failure(api.get('/api/t/html-ok'));
    expect(bare).toMatchObject({ code: 'E0500', msg: '系统错误，请联系管理人员', httpStatus: 500 });
    expect(proxy).toMatchObject({ code: 'BAD_RESPONSE', msg: '系统错误，请联系管理人员', httpStatus: 502 });
    expect(htmlOk).toMatchObject({ code: 'BAD_RESPONSE', httpStatus: 200 });
    expect(h.ui.errors).toEqual(Array(3).fill('系统错误，请联系管理人员'));
  });

  it('no server at all: 系统错误，请联系管理人员', async () => {
    signIn();
    // The client config comes from the test server; a refused connection on the call itself is tested.
    await loadClientConfig();
    const error = await failure(api.get('http://127.0.0.1:1/api/t/x'));
    expect(error).toMatchObject({ code: 'NETWORK', msg: '系统错误，请联系管理人员', httpStatus: 0 });
    expect(h.ui.errors).toEqual(['系统错误，请联系管理人员']);
  });

  it('cancelled: silent, with a recognisable cancel error', async () => {
    signIn();
    h.server.routes.set('/api/t/slow', () => ({ body: envelope(true, '0', '', 1), delayMs: 2_000 }));
    const controller = new AbortController();
    const call = failure(api.get('/api/t/slow', undefined, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await call;
    expect(isCancelError(error)).toBe(true);
    expect(error.code).toBe('CANCELLED');
    expect(h.ui.quiet).toBe(true);
  });
});
