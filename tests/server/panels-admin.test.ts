import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKER_ROWS } from '../../server/db/seed/packers';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 6, the admin side: system notices as a schema resource over the hand-written message routes,
// app versions (engine list + hand-written m/ writes), the packer list and the SPEC 7.9 exports.
const MSG = '/api/v1/msg/im/message';
const APPINFO = '/gateApi/common/appinfo';
const PACKERS = '/api/v1/product/packer/findPackerByPage';
const EXPORT = '/api/v1/export';

describe('admin panels', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-admin-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    hq = await t.login('hq001');
    md = await t.login('md001');
  });
  afterAll(async () => {
    await t.close().catch(() => t.database.close());
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('system notices (schemas/resources/systemNotice.json, external endpoints)', () => {
    it('refuses with the SPEC 5 messages; the limit counts text, not markup', async () => {
      const add = (body: Record<string, unknown>) => t.json(hq, 'POST', `${MSG}/addSystemNotice`, body);
      expect((await add({ content: '<p>x</p>' })).body.result.msg).toBe('请输入标题');
      expect((await add({ title: '', content: '<p>x</p>' })).body.result.msg).toBe('请输入标题');
      expect((await add({ title: '题'.repeat(51), content: '<p>x</p>' })).body.result.msg).toBe(
        '标题不能超过50个字',
      );
      expect((await add({ title: '空内容' })).body.result.msg).toBe('请输入内容不超过2000字');
      expect((await add({ title: '空内容', content: '<p><br></p>' })).body.result.msg).toBe(
        '请输入内容不超过2000字',
      );
      const long = await add({ title: '超长', content: `<p>${'<b>字</b>'.repeat(2001)}</p>` });
      expect(long.status).toBe(400);
      expect(long.body.result.msg).toBe('请输入内容不超过2000字');
      // 2000 characters of text inside far more markup is within the limit.
      const full = await add({ title: '管理端满额公告', content: `<p>${'<b>字</b>'.repeat(2000)}</p>` });
      expect(full.body.result.success).toBe(true);
      const edit = await t.json(hq, 'PUT', `${MSG}/updateSystemNotice`, {
        id: full.body.data.id,
        title: '题'.repeat(51),
        content: '<p>x</p>',
      });
      expect(edit.body.result.msg).toBe('标题不能超过50个字');
      const status = await t.json(hq, 'PUT', `${MSG}/updateStatus`, {
        id: full.body.data.id,
        status: 2,
      });
      expect(status.body.result.msg).toBe('公告状态不正确');
    });

    it('the admin list filters by title and status and shows content sanitised again', async () => {
      const add = await t.json(hq, 'POST', `${MSG}/addSystemNotice`, {
        title: '管理端列表公告',
        content: '<p>盘点通知</p>',
      });
      const id = add.body.data.id as number;
      // A row stored before a sanitiser rule existed: it must still be inert when listed.
      await t.database.db
        .updateTable('imMessage')
        .set({ content: '<p>旧<img src="x" onerror="alert(1)"><script>alert(2)</script></p>' })
        .where('id', '=', id)
        .execute();
      const q = `title=${encodeURIComponent('管理端列表')}`;
      const listed = (await t.json(hq, 'GET', `${MSG}/getMessageListForBackend?${q}`)).body.data;
      expect(listed.list.map((r: { id: number }) => r.id)).toEqual([id]);
      expect(listed.list[0].content).not.toMatch(/onerror|script/);
      // An image that is not an upload of this server goes, with its handler (issue 13.7).
      expect(listed.list[0].content).not.toMatch(/<img|onerror/);

      await t.json(hq, 'PUT', `${MSG}/updateStatus`, { id, status: 0 });
      const withdrawn = (await t.json(hq, 'GET', `${MSG}/getMessageListForBackend?${q}&status=0`)).body.data;
      expect(withdrawn.list).toHaveLength(1);
      const published = (await t.json(hq, 'GET', `${MSG}/getMessageListForBackend?${q}&status=1`)).body.data;
      expect(published.list).toHaveLength(0);
      await t.json(hq, 'PUT', `${MSG}/updateStatus`, { id, status: 1 });
      const log = (await t.json(hq, 'GET', `${MSG}/getSystemNoticeLogList?messageId=${id}`)).body.data;
      expect(log.list.map((l: { action: number }) => l.action)).toEqual([3, 4, 1]);
    });

    it('reads one notice for the detail drawer: content sanitised again, withdrawn ones too', async () => {
      const add = await t.json(hq, 'POST', `${MSG}/addSystemNotice`, {
        title: '管理端详情公告',
        content: '<p>详情<b>正文</b></p>',
      });
      const id = add.body.data.id as number;
      // Stored before a sanitiser rule existed: the detail must still answer it inert.
      await t.database.db
        .updateTable('imMessage')
        .set({
          content:
            '<p>详情<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a></p>',
        })
        .where('id', '=', id)
        .execute();
      await t.json(hq, 'PUT', `${MSG}/updateStatus`, { id, status: 0 });
      const res = await t.json(hq, 'GET', `${MSG}/getSystemNoticeDetail?id=${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id,
        title: '管理端详情公告',
        status: 0,
        receiverCount: expect.any(Number),
        readCount: 0,
        createName: expect.any(String),
      });
      expect(res.body.data.content).toContain('详情');
      expect(res.body.data.content).not.toMatch(/<img|onerror/);
      expect(res.body.data.content).not.toMatch(/onerror|script|javascript:/);
      // The list and the detail say the same about a row.
      const listed = (
        await t.json(hq, 'GET', `${MSG}/getMessageListForBackend?title=${encodeURIComponent('管理端详情')}`)
      ).body.data.list[0];
      expect(res.body.data).toEqual(listed);

      const missing = await t.json(hq, 'GET', `${MSG}/getSystemNoticeDetail?id=999999`);
      expect(missing.status).toBe(404);
      expect(missing.body.result.msg).toBe('公告不存在');
      const noId = await t.json(hq, 'GET', `${MSG}/getSystemNoticeDetail`);
      expect(noId.status).toBe(400);
      expect(noId.body.result.msg).toBe('请选择公告');
      // A broadcast is a message, not a notice: the admin detail does not open it.
      const broadcast = await t.database.db
        .selectFrom('imMessage')
        .select('id')
        .where('msgType', '=', 2)
        .executeTakeFirstOrThrow();
      const other = await t.json(hq, 'GET', `${MSG}/getSystemNoticeDetail?id=${broadcast.id}`);
      expect(other.status).toBe(404);
    });

    it('the detail needs the notice page, as the list does', async () => {
      // wh001 holds only the /dacang menus: neither the list nor one notice.
      const wh = await t.login('wh001');
      for (const url of [`${MSG}/getMessageListForBackend`, `${MSG}/getSystemNoticeDetail?id=1`]) {
        const res = await t.json(wh, 'GET', url);
        expect(res.status).toBe(401);
        expect(res.body.result.msg).toBe('您未开通权限，请联系管理人员');
      }
      // md001 may list, so he may read one too (a notice of the seed).
      const first = (await t.json(md, 'GET', `${MSG}/getMessageListForBackend?pageSize=1`)).body.data.list[0];
      const one = await t.json(md, 'GET', `${MSG}/getSystemNoticeDetail?id=${first.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.id).toBe(first.id);
    });

    it('md001 may list but not add, edit, publish or withdraw; the list is not exportable', async () => {
      expect((await t.json(md, 'GET', `${MSG}/getMessageListForBackend`)).status).toBe(200);
      const body = { id: 1, title: '越权', content: '<p>越权</p>' };
      for (const [method, url, payload] of [
        ['POST', `${MSG}/addSystemNotice`, body],
        ['PUT', `${MSG}/updateSystemNotice`, body],
        ['PUT', `${MSG}/updateStatus`, { id: 1, status: 0 }],
      ] as const) {
        const res = await t.json(md, method, url, payload);
        expect(res.status).toBe(401);
        expect(res.body.result.msg).toBe('您未开通权限，请联系管理人员');
      }
      const exp = await t.json(hq, 'POST', `${EXPORT}/jobs`, { page: 'admin/systemNoticeList' });
      expect(exp.body.result.msg).toBe('该列表不支持导出');
    });
  });

  describe('app versions (schemas/resources/appVersion.json)', () => {
    async function upload(name: string, bytes: Buffer) {
      const boundary = '----fresh-admin';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.call({
        method: 'POST',
        url: `${APPINFO}/m/upload`,
        token: hq,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      return res.json().data as { packageId: number; appUrl: string; appSize: number };
    }

    it('lists versions per app and operating system with the app name, newest first', async () => {
      const apps = (await t.json(hq, 'GET', `${APPINFO}/m/appOptions`)).body.data.list;
      const app = apps.find((a: { appName: string }) => a.appName === '鲜丰掌上仓库');
      expect(app).toBeTruthy();
      const res = await t.json(hq, 'POST', `${APPINFO}/m/versionList`, { appId: app.id, os: 'Android' });
      expect(res.body.data.list.map((v: { appVersion: string }) => v.appVersion)).toEqual([
        '3.2.1',
        '3.2.0',
        '3.1.5',
        '3.1.0',
      ]);
      expect(res.body.data.list[0]).toMatchObject({ appName: '鲜丰掌上仓库', os: 'Android', status: 1 });
      const bad = await t.json(hq, 'POST', `${APPINFO}/m/versionList`, { appRemark: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.result.msg).toBe('不支持的字段：appRemark');
    });

    it('an edit without a new package keeps the file; the front shows the version', async () => {
      const created = await t.json(hq, 'POST', `${APPINFO}/m/addApp/`, { appName: '管理端版本测试' });
      const appId = created.body.data.id as number;
      const pkg = await upload('shelf-2.0.0.apk', Buffer.from('PK\u0003\u0004 version bytes'));
      const v = await t.json(hq, 'POST', `${APPINFO}/m/add/version`, {
        appId,
        os: 'HarmonyOS',
        appVersion: '2.0.0',
        appRemark: '<p>鸿蒙首发</p>',
        packageId: pkg.packageId,
      });
      const id = v.body.data.id as number;
      // What the edit form sends: packageId null (no new upload), no outside link.
      const edited = await t.json(hq, 'POST', `${APPINFO}/m/modify/version`, {
        id,
        appId,
        os: 'HarmonyOS',
        appVersion: '2.0.1',
        packageId: null,
        appRemark: '<p>修复</p>',
      });
      expect(edited.body.result.success).toBe(true);
      const one = (await t.json(hq, 'GET', `${APPINFO}/m/version/${id}`)).body.data;
      expect(one).toMatchObject({ appVersion: '2.0.1', packageId: pkg.packageId, appUrl: pkg.appUrl });
      const front = (await t.json(md, 'GET', `${APPINFO}/f/${appId}`)).body.data;
      expect(front.appItemMap.HarmonyOS[0]).toMatchObject({ appVersion: '2.0.1', appSize: pkg.appSize });
      const listed = (await t.json(hq, 'POST', `${APPINFO}/m/versionList`, { appId })).body.data;
      expect(listed.list).toHaveLength(1);
      // start/stop share one route; other actions are refused.
      expect((await t.json(hq, 'POST', `${APPINFO}/m/stop/version/${id}`)).body.result.success).toBe(true);
      const bad = await t.json(hq, 'POST', `${APPINFO}/m/pause/version/${id}`);
      expect(bad.status).toBe(400);
      expect(bad.body.result.msg).toBe('参数不正确');
    });

    it('md001 may not list versions or apps, nor start or stop a version', async () => {
      expect((await t.json(md, 'POST', `${APPINFO}/m/versionList`, {})).status).toBe(401);
      expect((await t.json(md, 'GET', `${APPINFO}/m/appOptions`)).status).toBe(401);
      expect((await t.json(md, 'POST', `${APPINFO}/m/start/version/1`)).status).toBe(401);
    });
  });

  describe('packer list and SPEC 7.9 exports', () => {
    const finished = async (id: number) => {
      const until = Date.now() + 60_000;
      for (;;) {
        const jobs = (await t.json(hq, 'GET', `${EXPORT}/jobs?pageSize=50`)).body.data.list;
        const job = jobs.find((j: { id: number }) => j.id === id);
        if (job && job.status >= 2) return job;
        if (Date.now() > until) throw new Error(`export ${id} unfinished`);
        await new Promise((r) => setTimeout(r, 300));
      }
    };

    it('pages and filters the seeded packers', async () => {
      const all = (await t.json(hq, 'POST', PACKERS, { pageSize: 50 })).body.data;
      expect(all.total).toBe(PACKER_ROWS);
      expect(all.list[0]).toMatchObject({ packerCode: 'BZ0001' });
      const one = (await t.json(hq, 'POST', PACKERS, { keyword: 'bz0007' })).body.data;
      expect(one.list.map((p: { packerCode: string }) => p.packerCode)).toEqual(['BZ0007']);
      const stopped = (await t.json(hq, 'POST', PACKERS, { status: 0, pageSize: 200 })).body.data;
      expect(stopped.total).toBeGreaterThan(0);
      expect(stopped.list.every((p: { status: number }) => p.status === 0)).toBe(true);
      expect((await t.json(hq, 'POST', PACKERS, { phone: '1' })).status).toBe(400);
      expect((await t.json(md, 'POST', PACKERS, {})).status).toBe(401);
    });

    it('exports the filtered packer list through the export centre, once', { timeout: 90_000 }, async () => {
      const filters = { status: 1, factoryName: '宁波' };
      const list = (await t.json(hq, 'POST', PACKERS, { ...filters, pageSize: 200 })).body.data;
      const created = await t.json(hq, 'POST', `${EXPORT}/jobs`, { page: 'admin/packerList', filters });
      expect(created.body.data).toMatchObject({ title: '包装员列表' });
      const job = await finished(created.body.data.id);
      expect(job).toMatchObject({ status: 2, rowCount: list.total });
      const link = (await t.json(hq, 'POST', `${EXPORT}/jobs/${job.id}/link`)).body.data.url as string;
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const sheet = wb.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        '包装员编码',
        '包装员姓名',
        '所属加工中心',
        '联系电话',
        '状态',
        '创建时间',
      ]);
      expect(sheet.rowCount).toBe(list.total + 1);
      expect(sheet.getRow(2).getCell(1).value).toBe(list.list[0].packerCode);
      expect(sheet.getRow(2).getCell(5).value).toBe('启用');
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(410);
      // md001 lacks the packer page: no export either.
      const refused = await t.json(md, 'POST', `${EXPORT}/jobs`, { page: 'admin/packerList' });
      expect(refused.status).toBe(401);
    });

    it('the packer and price-list pages offer the export action', () => {
      for (const name of ['packerList', 'priceList']) {
        const file = path.join(__dirname, '../../schemas/pages/admin', `${name}.json`);
        const page = JSON.parse(fs.readFileSync(file, 'utf8')) as { toolbar?: { type: string }[] };
        expect(page.toolbar?.map((a) => a.type)).toContain('export');
      }
    });
  });
});
