import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { uploadSecret } from '../../server/services/upload';
import type { TestApp } from '../fixtures/app';

/** Shared steps of the tests/server/auth-*.test.ts files (issue 3): real endpoints only. */

export async function post(t: TestApp, url: string, payload: object = {}, token?: string) {
  const res = await t.call({ method: 'POST', url, payload, ...(token ? { token } : {}) });
  return { status: res.statusCode, body: res.json() };
}

export async function get(t: TestApp, url: string, token?: string) {
  const res = await t.call({ method: 'GET', url, ...(token ? { token } : {}) });
  return { status: res.statusCode, body: res.json() };
}

/** The latest demo SMS code for a phone, read through GET /api/dev/sms. */
export async function latestCode(t: TestApp, phone: string): Promise<string | undefined> {
  const { body } = await get(t, `/api/dev/sms?phone=${phone}`);
  return body.data?.code;
}

/** Ages every code of a phone, as if `ms` had passed since it was sent. */
export async function ageCodes(t: TestApp, phone: string, ms: number) {
  const rows = await t.database.db
    .selectFrom('smsCode')
    .select(['id', 'createdAt'])
    .where('phone', '=', phone)
    .execute();
  for (const r of rows) {
    await t.database.db
      .updateTable('smsCode')
      .set({ createdAt: new Date(new Date(r.createdAt).getTime() - ms) })
      .where('id', '=', r.id)
      .execute();
  }
}

export async function sendCode(t: TestApp, phone: string, purpose = 'login', token?: string, proof?: string) {
  const q = `phone=${phone}&purpose=${purpose}${proof ? `&proof=${proof}` : ''}`;
  return get(t, `/api/v1/smm/userAccount/sendPhoneCode?${q}`, token);
}

/** Sends a code (after making the 60 s rule pass) and returns it from the outbox. */
export async function freshCode(
  t: TestApp,
  phone: string,
  purpose = 'login',
  token?: string,
  proof?: string,
) {
  await ageCodes(t, phone, 61_000);
  const sent = await sendCode(t, phone, purpose, token, proof);
  expect(sent.body.result).toMatchObject({ success: true });
  const code = await latestCode(t, phone);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

export function expectFail(
  res: { status: number; body: { result: { success: boolean; msg: string; code: string } } },
  msg: string,
  status = 400,
) {
  expect(res.body.result.success).toBe(false);
  expect(res.body.result.msg).toBe(msg);
  expect(res.status).toBe(status);
}

/** Chooses an organisation for a session (most identity calls need none, the profile does). */
export async function chooseStore(t: TestApp, token: string, orgId: number, refObjType?: number) {
  return post(
    t,
    '/api/v1/auth/chooseStore',
    { systemId: 300, orgId, ...(refObjType ? { refObjType } : {}) },
    token,
  );
}

/** A valid slider proof through the real challenge/check endpoints. */
export async function sliderProof(t: TestApp): Promise<string> {
  const challenge = await get(t, '/api/v1/smm/captcha/slider');
  // The server refuses a drag longer than the challenge has existed: let some time pass.
  await new Promise((resolve) => setTimeout(resolve, 350));
  const res = await post(t, '/api/v1/smm/captcha/slider/check', {
    challengeId: challenge.body.data.challengeId,
    distance: 290,
    duration: 320,
    track: [0, 30, 120, 240, 290],
  });
  expect(res.body.result.success).toBe(true);
  return res.body.data.proof;
}

/** A real PNG (RGB, 8 bit) of the given size: chunks with CRCs and a zlib-compressed image. */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc8)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The smallest JPEG header that carries a size: SOI, an APP0 segment, SOF0, EOI. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** Signed upload: the signature in the query (SPEC 7.5), the token in the header. */
export async function upload(
  t: TestApp,
  token: string,
  file: { name: string; data: Buffer; type?: string },
  options: { bucket?: string; modelType?: string; signature?: string; timestamp?: number } = {},
) {
  const ts = String(options.timestamp ?? Date.now());
  const signature =
    options.signature ??
    createHash('sha256')
      .update(uploadSecret(t.keys.signSecret) + ts + token)
      .digest('hex');
  const boundary = '----h2boundary7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/gateApi/${options.bucket ?? 'ai'}Upload/restUpload?timestamp=${ts}&signature=${signature}&modelType=${options.modelType ?? 'AI_USER_PHOTO'}`,
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * A messaging-app scan through the demo provider: QR state, the authorize page, the confirm link for the
 * chosen identity, and the code from the redirect to /checkPage.
 */
export async function wechatScan(
  t: TestApp,
  actType: number,
  pick: (links: { label: string; href: string }[]) => { href: string } | undefined,
  token?: string,
) {
  const qr = await get(t, `/api/v1/auth/wechat/qr?actType=${actType}`, token);
  expect(qr.body.result.success).toBe(true);
  const { authorizeUrl, state } = qr.body.data;
  expect(state).toMatch(new RegExp(`_${actType}$`));
  const page = await t.app.inject({ method: 'GET', url: authorizeUrl });
  expect(page.statusCode).toBe(200);
  const links = [...page.body.matchAll(/<a class="btn[^"]*" href="([^"]+)">([^<]+)<\/a>/g)].map((m) => ({
    href: m[1]!.replace(/&amp;/g, '&'),
    label: m[2]!,
  }));
  const chosen = pick(links);
  if (!chosen) throw new Error(`no choice on the authorize page: ${JSON.stringify(links)}`);
  const confirm = await t.app.inject({ method: 'GET', url: chosen.href });
  expect(confirm.statusCode).toBe(302);
  const location = new URL(confirm.headers.location as string, 'http://x');
  expect(location.pathname).toBe('/checkPage');
  expect(location.searchParams.get('state')).toBe(state);
  return { code: location.searchParams.get('code')!, state, links, page: page.body };
}

/** Binds the demo messaging-app identity of the signed-in user (actType 5). */
export async function bindWechat(t: TestApp, token: string) {
  const { code } = await wechatScan(t, 5, (links) => links[0], token);
  return get(t, `/api/v1/auth/checkWechatInfoBeforeLogin?code=${code}&type=5`, token);
}
