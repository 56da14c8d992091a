import { encryptForLogin, signHeaders } from '../../tests/fixtures/app';

export interface BenchSession {
  signSecret: string;
  token: string;
  /** Headers valid for the next few minutes (the server accepts ±5 minutes of skew). */
  headers(): Record<string, string>;
}

/** Signs in through the real endpoints (login, then the first organisation), as the browser does. */
export async function signIn(url: string, account = 'hq001'): Promise<BenchSession> {
  const cfg = (await (await fetch(`${url}/api/v1/common/clientConfig`)).json()).data;
  const post = async (path: string, body: object, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signHeaders(cfg.signSecret, token) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { result: { success: boolean; msg: string }; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const login = await post('/api/v1/auth/login', {
    accountType: 1,
    account,
    password: encryptForLogin(cfg.publicKey, 'Fresh#2026'),
    encryptModel: 2,
  });
  if (!login.result.success) throw new Error(`login failed: ${login.result.msg}`);
  const token = login.data.token as string;
  const orgs = await post('/api/v1/auth/orgList', {}, token);
  await post('/api/v1/auth/chooseStore', { orgId: orgs.data[0].orgId }, token);
  return { signSecret: cfg.signSecret, token, headers: () => signHeaders(cfg.signSecret, token) };
}
