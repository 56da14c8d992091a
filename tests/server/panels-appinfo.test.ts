import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 6: the download centre (SPEC 2.13, 3 'App', 7.10): admin apps and versions, front list and detail.
const BASE = '/gateApi/common/appinfo';

describe('download centre', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-appinfo-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    hq = await t.login('hq001');
    md = await t.login('md001');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the front lists the seeded apps; a detail has versions per operating system, newest first', async () => {
    const apps = (await t.json(md, 'GET', `${BASE}/f/list`)).body.data;
    expect(apps.map((a: { appName: string }) => a.appName)).toEqual([
      '鲜丰掌上仓库',
      '鲜丰门店助手',
      '鲜丰打印客户端',
    ]);
    const res = await t.json(md, 'GET', `${BASE}/f/${apps[0].id}`);
    expect(res.body.result.success).toBe(true);
    const detail = res.body.data;
    expect(Object.keys(detail.appItemMap)).toEqual(['Android', 'iOS']);
    const android = detail.appItemMap.Android;
    expect(android.map((v: { appVersion: string }) => v.appVersion)).toEqual([
      '3.2.1',
      '3.2.0',
      '3.1.5',
      '3.1.0',
    ]);
    expect(android[0]).toMatchObject({
      appSize: expect.any(Number),
      appUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(android[3].appSize).toBe('');
    expect(android[0].appRemark).toContain('<li>');
  });

  it('admin: add an app, upload a package, add versions (notes sanitised), stop and start them', async () => {
    const created = await t.json(hq, 'POST', `${BASE}/m/addApp/`, {
      appName: '测试应用',
      deviceName: '手机',
      sort: 9,
    });
    expect(created.body.result.success).toBe(true);
    const appId = created.body.data.id;
    // Without a version the app is not offered yet.
    expect(
      (await t.json(md, 'GET', `${BASE}/f/list`)).body.data.map((a: { id: number }) => a.id),
    ).not.toContain(appId);

    const boundary = '----fresh';
    const bytes = Buffer.from('PK\u0003\u0004 demo package bytes');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="测试 app-1.0.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.call({
      method: 'POST',
      url: `${BASE}/m/upload`,
      token: hq,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const pkg = up.json().data;
    expect(pkg).toMatchObject({ appSize: bytes.length, fileName: '___app-1.0.apk' });

    const v1 = await t.json(hq, 'POST', `${BASE}/m/add/version/`, {
      appId,
      os: 'Android',
      appVersion: '1.0.0',
      appRemark: '<p>首发<img src=x onerror="alert(1)"><script>alert(1)</script></p>',
      packageId: pkg.packageId,
    });
    expect(v1.body.result.success).toBe(true);
    const v2 = await t.json(hq, 'POST', `${BASE}/m/add/version/`, {
      appId,
      os: 'iOS',
      appVersion: '1.0.0',
      appUrl: 'https://download.fresh.example/test/ios/1.0.0.ipa',
    });
    expect(v2.body.result.success).toBe(true);

    const one = (await t.json(hq, 'GET', `${BASE}/m/version/${v1.body.data.id}`)).body.data;
    expect(one.appRemark).toContain('首发');
    expect(one.appRemark).not.toMatch(/script|onerror/i);
    expect(one).toMatchObject({ appSize: bytes.length, appUrl: pkg.appUrl });

    // The package downloads without a session (a phone scanning the QR code).
    const dl = await t.app.inject({ method: 'GET', url: pkg.appUrl });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(bytes)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/f/download/${pkg.packageId}/other.apk` }))
        .statusCode,
    ).toBe(404);

    const front = (await t.json(md, 'GET', `${BASE}/f/${appId}`)).body.data;
    expect(Object.keys(front.appItemMap)).toEqual(['Android', 'iOS']);

    expect((await t.json(hq, 'POST', `${BASE}/m/stop/version/${v2.body.data.id}`)).body.result.success).toBe(
      true,
    );
    expect((await t.json(hq, 'POST', `${BASE}/m/stop/version/${v2.body.data.id}`)).status).toBe(409);
    expect(Object.keys((await t.json(md, 'GET', `${BASE}/f/${appId}`)).body.data.appItemMap)).toEqual([
      'Android',
    ]);
    const admin = (await t.json(hq, 'GET', `${BASE}/m/detail/${appId}`)).body.data;
    expect(admin.appItemMap.iOS[0]).toMatchObject({ status: 0 });
    await t.json(hq, 'POST', `${BASE}/m/start/version/${v2.body.data.id}`);

    const modified = await t.json(hq, 'POST', `${BASE}/m/modify/version/`, {
      id: v2.body.data.id,
      appId,
      os: 'iOS',
      appVersion: '1.0.1',
      appUrl: 'https://download.fresh.example/test/ios/1.0.1.ipa',
      appSize: 1048576,
    });
    expect(modified.body.result.success).toBe(true);

    // Stopping the app hides it from the front.
    expect((await t.json(hq, 'POST', `${BASE}/m/stop/${appId}`)).body.result.success).toBe(true);
    expect((await t.json(md, 'GET', `${BASE}/f/${appId}`)).status).toBe(404);
    expect((await t.json(hq, 'POST', `${BASE}/m/start/${appId}`)).body.result.success).toBe(true);
    const got = (await t.json(hq, 'GET', `${BASE}/m/${appId}`)).body.data;
    expect(got).toMatchObject({ appName: '测试应用', status: 1 });
    const list = (await t.json(hq, 'POST', `${BASE}/m/applist/`, { appName: '测试' })).body.data;
    expect(list.list).toHaveLength(1);
    const renamed = await t.json(hq, 'POST', `${BASE}/m/modifyApp/`, {
      id: appId,
      appName: '测试应用2',
    });
    expect(renamed.body.result.success).toBe(true);
  });

  it('validation and permissions', async () => {
    const bad = await t.json(hq, 'POST', `${BASE}/m/add/version/`, {
      appId: 1,
      os: 'Symbian',
      appVersion: '1',
    });
    expect(bad.body.result.msg).toBe('请选择操作系统');
    const noLink = await t.json(hq, 'POST', `${BASE}/m/add/version/`, {
      appId: 1,
      os: 'Android',
      appVersion: '1',
    });
    expect(noLink.body.result.msg).toBe('请上传安装包或填写下载地址');
    const js = await t.json(hq, 'POST', `${BASE}/m/add/version/`, {
      appId: 1,
      os: 'Android',
      appVersion: '1',
      appUrl: 'javascript:alert(1)',
    });
    expect(js.body.result.msg).toBe('请输入正确的下载地址');
    expect((await t.json(md, 'POST', `${BASE}/m/addApp/`, { appName: 'x' })).status).toBe(401);
    expect((await t.json(md, 'POST', `${BASE}/m/stop/1`)).status).toBe(401);
  });
});
