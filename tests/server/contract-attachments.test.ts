import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadSecret } from '../../server/services/upload';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const HT = '/api/v1/finance/contract';
const MH = '/api/v1/finance/storeContract';

type Row = Record<string, unknown>;

/** A small but well-formed PDF: header, one empty page, trailer and end-of-file marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

// Issue 18.1: contract attachments are PDFs kept privately (docs/schemas.md 'Private files'): uploaded
// through the private upload service, never served by /uploads/, downloaded only through the guarded
// route with the contract detail's permission and scope, each download logged.
describe('private contract attachments (x-file)', { timeout: 180_000 }, () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  async function upload(token: string, name: string, data: Buffer, modelType = 'CONTRACT_ATTACHMENT') {
    const ts = String(Date.now());
    const signature = createHash('sha256')
      .update(uploadSecret(t.keys.signSecret) + ts + token)
      .digest('hex');
    const boundary = '----contract18boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/gateApi/pvUpload/restUpload?timestamp=${ts}&signature=${signature}&modelType=${modelType}`,
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { result: { msg: string }; data: Row } };
  }

  let contractId: unknown;
  let path: string;

  it('uploads a PDF and keeps its path on a supplier contract', async () => {
    const up = await upload(hq, 'contract-scan.pdf', PDF);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    path = up.body.data.relativeUrl as string;
    expect(path).toMatch(/^pv\/contract_attachment\/\d{6}\/[0-9a-f]{32}\/contract-scan\.pdf$/);
    expect(up.body.data.fileName).toBe('contract-scan.pdf');
    const res = await t.json(hq, 'POST', `${HT}/add`, {
      contractName: '附件测试合同',
      contractType: 1,
      supplierId: 3,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      paymentDays: 30,
      attachment: path,
    });
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    contractId = (res.body.data as Row).id;
    const detail = (await t.json(hq, 'GET', `${HT}/detail/${String(contractId)}`)).body.data as Row;
    expect(detail.attachment).toBe(path);
  });

  it('refuses a file that is not a PDF by its bytes or by its name, in Chinese', async () => {
    const fake = await upload(hq, 'fake.pdf', Buffer.from('<html>not a pdf</html>'));
    expect(fake.status).toBe(400);
    expect(fake.body.result.msg).toBe('文件内容不是有效的PDF文件，请重新上传');
    const word = await upload(hq, 'terms.docx', PDF);
    expect(word.status).toBe(400);
    expect(word.body.result.msg).toBe('仅限上传 .pdf 后缀的文件');
    const big = await upload(hq, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10241 * 1024)]));
    expect(big.status).toBe(400);
    expect(big.body.result.msg).toBe('上传文件大小不能超过 10240 KB!');
  });

  it('refuses a write naming a path that was not uploaded for this kind of file', async () => {
    const other = await upload(hq, 'store.pdf', PDF, 'STORE_CONTRACT_ATTACHMENT');
    expect(other.status).toBe(200);
    // Someone else's upload of the right kind: not HQ's to attach.
    const theirs = await upload(await t.login('tip001'), 'theirs.pdf', PDF);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    for (const attachment of [
      other.body.data.relativeUrl,
      theirs.body.data.relativeUrl,
      `pv/contract_attachment/202611/${'0'.repeat(32)}/forged.pdf`,
      '../../etc/passwd',
    ]) {
      const res = await t.json(hq, 'POST', `${HT}/update`, { id: contractId, attachment });
      expect(res.status, String(attachment)).toBe(400);
      expect(res.body.result.msg).toBe('附件不存在，请重新上传');
    }
  });

  it('never serves the file through the public upload URL', async () => {
    for (const url of [`/uploads/${path}`, `/uploads/${encodeURI(path)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(PDF)).toBe(false);
    }
  });

  it('serves the PDF to headquarters through the guarded route and logs the download', async () => {
    const res = await t.json(hq, 'GET', `/api/v1/file/contract/attachment/${String(contractId)}`);
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    const data = res.body.data as Row;
    expect(data.fileName).toBe('contract-scan.pdf');
    expect(data.mime).toBe('application/pdf');
    expect(Buffer.from(data.content as string, 'base64').equals(PDF)).toBe(true);
    const log = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'entityId', 'account'])
      .where('action', '=', 'download')
      .where('entity', '=', 'contract')
      .execute();
    expect(log).toEqual([
      { action: 'download', entity: 'contract', entityId: String(contractId), account: 'hq001' },
    ]);
  });

  it('refuses a user without the contract permission and a store user outside the contract store', async () => {
    const md = await t.login('md001');
    const refused = await t.json(md, 'GET', `/api/v1/file/contract/attachment/${String(contractId)}`);
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeFalsy();

    // A store contract of store 13 with its PDF; a store-12 user holding the page sees nothing of it.
    const up = await upload(hq, '外包经营合同.pdf', PDF, 'STORE_CONTRACT_ATTACHMENT');
    expect(up.status).toBe(200);
    expect(up.body.data.fileName).toBe('外包经营合同.pdf');
    const res = await t.json(hq, 'POST', `${MH}/add`, {
      contractName: '附件测试外包合同',
      storeId: 13,
      operatorName: '上海测试商业管理有限公司',
      operatorContact: '王经理',
      operatorPhone: '13916009999',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      commissionRate: 8.5,
      managementFee: 2000,
      deposit: 30000,
      paymentDays: 15,
      attachment: up.body.data.relativeUrl,
    });
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    const id = (res.body.data as Row).id;
    const own = await t.json(hq, 'GET', `/api/v1/file/storeContract/attachment/${String(id)}`);
    expect(own.status).toBe(200);
    expect((own.body.data as Row).fileName).toBe('外包经营合同.pdf');
    const clerk = await userWith(t, 'e00002', ['/admin/settlement/storeContractList']);
    const detail = await t.json(clerk, 'GET', `${MH}/detail/${String(id)}`);
    expect(detail.status).toBe(404);
    const file = await t.json(clerk, 'GET', `/api/v1/file/storeContract/attachment/${String(id)}`);
    expect(file.status).toBe(404);
    expect(file.body.data).toBeFalsy();
  });
});
