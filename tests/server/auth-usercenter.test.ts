import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { expectFail, get, jpegHeader, png, post, upload } from './auth-helpers';

// Issue 3 / SPEC 2.9, 3, 4 'Photo', 5 'Image upload', 7.5: the personal centre and the photo, with real
// image files built in the test (PNG with zlib and CRCs, a JPEG header).
describe('personal centre and photo', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-usercenter-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    token = await t.login('hq001');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const info = async (tok = token) =>
    (await post(t, '/gateApi/user/smm/user/web/selectUserCenterInfo', {}, tok)).body;
  const check = (url: string, tok = token) =>
    get(t, `/gateApi/ai/aidic/web/checkPxDataImageCollect?url=${encodeURIComponent(url)}`, tok);
  const onDisk = (relativeUrl: string) => path.join(dataDir, 'uploads', relativeUrl);

  it('selectUserCenterInfo: the SPEC 3 fields of the signed-in user', async () => {
    expect((await info()).data).toEqual({
      employeeNumber: 'hq001',
      employeeName: '张总部',
      employeeTypeName: '正式员工',
      orgName: '鲜丰集团总部',
      positionName: '系统管理员',
      employeeTel: '13800000001',
      bindPhoneHide: '138****0001',
      employeeEmail: 'hq001@fresh.example',
      employeeCity: '杭州',
      bindWechatStatus: 0,
      photoUrl: '',
    });
    expect((await post(t, '/gateApi/user/smm/user/web/selectUserCenterInfo')).body.result.code).toBe('W0005');
  });

  it('uploads a square PNG photo, stores it under DATA_DIR/uploads and serves it back', async () => {
    const image = png(120, 120);
    const res = await upload(t, token, { name: 'me.png', data: image });
    expect(res.body.result.success).toBe(true);
    const { relativeUrl, visitUrl } = res.body.data;
    expect(relativeUrl).toMatch(/^ai\/ai_user_photo\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect(visitUrl).toBe(`/uploads/${relativeUrl}`);
    expect(fs.readFileSync(onDisk(relativeUrl)).equals(image)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: visitUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('accepts a square JPEG named .jpg', async () => {
    const res = await upload(t, token, { name: 'me.JPG', data: jpegHeader(160, 160), type: 'image/jpeg' });
    expect(res.body.data.relativeUrl).toMatch(/\.jpg$/);
  });

  it('refuses what the photo rule does not allow, with the SPEC 5 messages', async () => {
    expectFail(await upload(t, token, { name: 'wide.png', data: png(200, 100) }), '需上传长宽比为1:1的图片');
    expectFail(
      await upload(t, token, { name: 'me.gif', data: png(120, 120) }),
      '仅限上传 .png、.jpg 后缀的文件',
    );
    // The bytes decide, not the name.
    expectFail(await upload(t, token, { name: 'fake.jpg', data: png(120, 120) }), '上传失败');
    expectFail(
      await upload(t, token, { name: 'text.png', data: Buffer.from('<svg onload=alert(1)>') }),
      '上传失败',
    );
    expectFail(
      await upload(t, token, { name: 'tiny.png', data: png(50, 50) }),
      '图片尺寸过小，请上传不小于100×100像素的照片',
    );
    const big = Buffer.concat([png(120, 120), Buffer.alloc(2049 * 1024)]);
    expectFail(await upload(t, token, { name: 'big.png', data: big }), '上传文件大小不能超过 2048 KB!');
  });

  it('other model types take common images of any shape on every upload service', async () => {
    for (const bucket of ['xs', 'xd', 'ai']) {
      const res = await upload(
        t,
        token,
        { name: 'goods.png', data: png(300, 100) },
        { bucket, modelType: 'GOODS_IMAGE' },
      );
      expect(res.body.data.relativeUrl).toMatch(new RegExp(`^${bucket}/goods_image/`));
    }
  });

  it('the upload signature is in the query and the session is required', async () => {
    const file = { name: 'me.png', data: png(120, 120) };
    const bad = await upload(t, token, file, { signature: 'f'.repeat(64) });
    expect(bad.status).toBe(403);
    expect(bad.body.result.code).toBe('E0403');
    const stale = await upload(t, token, file, { timestamp: Date.now() - 10 * 60_000 });
    expect(stale.status).toBe(403);
    expect((await upload(t, 'a'.repeat(64), file)).body.result.code).toBe('W0005');
    expectFail(await upload(t, token, file, { modelType: 'bad type' }), '上传失败');
  });

  it('check, save, replace and delete the photo', async () => {
    const first = (await upload(t, token, { name: 'a.png', data: png(128, 128) })).body.data;
    expect((await check(first.visitUrl)).body.data).toBe(true);
    expect((await check(first.relativeUrl)).body.data).toBe(true);
    const saved = await post(
      t,
      '/gateApi/user/smm/user/web/saveUserPhoto',
      { photoUrl: first.visitUrl },
      token,
    );
    expect(saved.body.data).toEqual({ photoUrl: first.visitUrl });
    expect((await info()).data.photoUrl).toBe(first.visitUrl);

    const second = (await upload(t, token, { name: 'b.png', data: png(140, 140) })).body.data;
    await post(t, '/gateApi/user/smm/user/web/saveUserPhoto', { photoUrl: second.relativeUrl }, token);
    expect((await info()).data.photoUrl).toBe(second.visitUrl);
    // The replaced photo is removed from disk and no longer served.
    expect(fs.existsSync(onDisk(first.relativeUrl))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first.visitUrl })).statusCode).toBe(404);

    expect((await post(t, '/gateApi/user/smm/user/web/deleteUserPhoto', {}, token)).body.data).toBe(true);
    expect((await info()).data.photoUrl).toBe('');
    expect(fs.existsSync(onDisk(second.relativeUrl))).toBe(false);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'like', 'photo%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['photo_save', 'photo_save', 'photo_delete']);
  });

  it('the check is real: another user upload, a missing file, a wrong shape, a made-up url all fail', async () => {
    const other = await t.login('md001');
    const mine = (await upload(t, token, { name: 'c.png', data: png(120, 120) })).body.data;
    expectFail(await check(mine.visitUrl, other), '图片不存在，请重新上传');
    expectFail(
      await post(t, '/gateApi/user/smm/user/web/saveUserPhoto', { photoUrl: mine.visitUrl }, other),
      '图片不存在，请重新上传',
    );
    fs.rmSync(onDisk(mine.relativeUrl));
    expectFail(await check(mine.visitUrl), '图片不存在，请重新上传');
    const wide = (
      await upload(t, token, { name: 'w.png', data: png(300, 100) }, { modelType: 'GOODS_IMAGE' })
    ).body.data;
    expectFail(await check(wide.visitUrl), '需上传长宽比为1:1的图片');
    expectFail(await check('/uploads/../../etc/passwd'), '图片不存在，请重新上传');
    expectFail(
      await get(t, '/gateApi/ai/aidic/web/checkPxDataImageCollect', token),
      '图片不存在，请重新上传',
    );
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../keys/login-rsa.key' })).statusCode).toBe(
      404,
    );
  });
});
