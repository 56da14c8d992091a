import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const BASE = '/api/v1/product/supplier';
const PAGE = '/admin/product/supplierList';

/** A valid new supplier; `extra` replaces fields. */
const supplier = (extra: Record<string, unknown> = {}) => ({
  name: '杭州测试鲜果有限公司',
  shortName: '测试鲜果',
  type: 2,
  creditCode: '91330100MA2CTR030Q',
  address: '浙江省杭州市余杭区测试路1号',
  contactName: '郑测试',
  contactMobile: '13912345678',
  bankName: '中国农业银行杭州分行',
  bankAccountName: '杭州测试鲜果有限公司',
  bankAccount: '6228480012345678901',
  paymentDays: 45,
  contactList: [
    { name: '郑测试', mobile: '13912345678', position: '销售经理', isPrimary: true },
    { name: '王备用', mobile: '13812345678' },
  ],
  qualificationList: [
    {
      qualificationType: 1,
      certificateNo: '91330100MA2CTR030Q',
      validFrom: '2024-01-01',
      expiryDate: '2034-01-01',
    },
    {
      qualificationType: 2,
      certificateNo: 'JY13301000000001',
      expiryDate: '2027-06-30',
      fileUrl: `/uploads/xs/supplier_qualification/202611/${'a'.repeat(32)}.png`,
    },
  ],
  ...extra,
});

// Issue 15.5: suppliers as JSON only (schemas/resources/supplier.json): list filters, create with
// contacts and qualification files (the SPEC 5 mobile rule in every line), enable/disable with their
// own permission codes, illegal transitions 409.
describe('suppliers', () => {
  let t: TestApp;
  let hq: string;

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>) =>
    t.json(hq, 'POST', `${BASE}/findByPage`, { pageNo: 1, pageSize: 100, ...body });

  it('lists the thirty seeded suppliers, filtered by keyword, status and type', async () => {
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(30);
    const row = all.body.data.list.find((s: { name: string }) => s.name === '赣州绿源果业有限公司');
    expect(row).toMatchObject({ code: 'GYS20240608000001', type: 1, status: 1, qualificationCount: 2 });
    expect(row.code).toMatch(/^GYS\d{14}$/);

    const byName = await list({ keyword: '獐子湾' });
    expect(byName.body.data.list.map((s: { name: string }) => s.name)).toEqual([
      '大连獐子湾海洋食品有限公司',
    ]);
    const byContact = await list({ keyword: row.contactName });
    expect(byContact.body.data.list.map((s: { id: number }) => s.id)).toContain(row.id);
    const byCode = await list({ keyword: 'GYS20240608000001' });
    expect(byCode.body.data.total).toBe(1);

    const disabled = await list({ status: [0] });
    expect(disabled.body.data.total).toBe(3);
    expect(disabled.body.data.list.every((s: { status: number }) => s.status === 0)).toBe(true);
    const coops = await list({ type: [3] });
    expect(coops.body.data.total).toBeGreaterThan(0);
    expect(coops.body.data.list.every((s: { name: string; type: number }) => s.type === 3)).toBe(true);
    expect(coops.body.data.list.every((s: { name: string }) => s.name.includes('合作社'))).toBe(true);
  });

  it('reads a supplier with its contacts and qualification files', async () => {
    const [row] = (await list({ keyword: '獐子湾' })).body.data.list;
    const detail = await t.json(hq, 'GET', `${BASE}/detail/${row.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.contactList.length).toBeGreaterThan(0);
    expect(detail.body.data.contactList[0]).toMatchObject({ isPrimary: true });
    expect(
      detail.body.data.qualificationList.map((q: { qualificationType: number }) => q.qualificationType),
    ).toEqual([1, 3, 6]);
    expect(detail.body.data.qualificationList[0].expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a bad mobile number in a contact line with the SPEC 5 message', async () => {
    const bad = await t.json(
      hq,
      'POST',
      `${BASE}/add`,
      supplier({ contactList: [{ name: '郑测试', mobile: '1391234567' }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result.code).toBe('E0400');
    expect(bad.body.result.msg).toBe('请输入正确的手机号');
    const header = await t.json(hq, 'POST', `${BASE}/add`, supplier({ contactMobile: '23912345678' }));
    expect(header.status).toBe(400);
    expect(header.body.result.msg).toContain('请输入正确的手机号');
  });

  it('refuses a bad credit code, bank account or file, and a missing expiry date, in Chinese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ creditCode: '91330100MA2CTR03OQ' }, '请输入正确的18位统一社会信用代码'],
      [{ creditCode: '9133' }, '请输入18位统一社会信用代码'],
      [{ bankAccount: '62284800ab' }, '银行账号为8到30位数字'],
      [{ paymentDays: 400 }, '账期不能超过365天'],
      [
        {
          qualificationList: [
            {
              qualificationType: 1,
              certificateNo: 'X1',
              expiryDate: '2030-01-01',
              fileUrl: 'http://evil.example/a.png',
            },
          ],
        },
        '请上传资质文件图片',
      ],
      [{ qualificationList: [{ qualificationType: 1, certificateNo: 'X1' }] }, '到期日期'],
    ];
    for (const [extra, message] of cases) {
      const res = await t.json(hq, 'POST', `${BASE}/add`, supplier(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.result.msg, JSON.stringify(extra)).toContain(message);
    }
  });

  it('creates a supplier in cooperation with a GYS code, its lines and stamps; names are unique', async () => {
    const created = await t.json(hq, 'POST', `${BASE}/add`, supplier());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const s = created.body.data;
    expect(s.code).toMatch(/^GYS\d{8}\d{6}$/);
    expect(s).toMatchObject({ status: 1, paymentDays: 45, qualificationCount: 2, createName: '张总部' });
    expect(s.contactList).toHaveLength(2);
    expect(s.contactList[1]).toMatchObject({ name: '王备用', isPrimary: false, lineNo: 2 });
    expect(s.qualificationList[1].fileUrl).toMatch(/^\/uploads\/xs\/supplier_qualification\//);
    const again = await t.json(hq, 'POST', `${BASE}/add`, supplier({ creditCode: '91330100MA2CTR040R' }));
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toBe('供应商名称已存在');
    const sameCode = await t.json(hq, 'POST', `${BASE}/add`, supplier({ name: '另一家测试公司' }));
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.result.msg).toBe('统一社会信用代码已存在');
  });

  it('disables and enables a supplier; an illegal transition is a 409 in Chinese', async () => {
    const [row] = (await list({ keyword: '绿源果业' })).body.data.list;
    const disabled = await t.json(hq, 'POST', `${BASE}/disable/${row.id}`);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data).toMatchObject({ status: 0, updateName: '张总部' });
    const twice = await t.json(hq, 'POST', `${BASE}/disable/${row.id}`);
    expect(twice.status).toBe(409);
    expect(twice.body.result).toEqual({
      success: false,
      code: 'E0409',
      msg: '供应商【赣州绿源果业有限公司】当前状态为“已停用”，不能执行“停用”操作',
    });
    const enabled = await t.json(hq, 'POST', `${BASE}/enable/${row.id}`);
    expect(enabled.body.data.status).toBe(1);
    const enableAgain = await t.json(hq, 'POST', `${BASE}/enable/${row.id}`);
    expect(enableAgain.status).toBe(409);
  });

  it('each action needs its own permission code', async () => {
    const viewer = await userWith(t, 'e00051', [PAGE]);
    const editor = await userWith(t, 'e00052', [PAGE, 'supplier:edit']);
    const [row] = (await list({ keyword: '寿光' })).body.data.list;
    expect((await t.json(viewer, 'POST', `${BASE}/findByPage`, {})).status).toBe(200);
    const add = await t.json(viewer, 'POST', `${BASE}/add`, supplier({ name: '无权限测试公司' }));
    expect(add.status).toBe(401);
    expect((await t.json(viewer, 'POST', `${BASE}/disable/${row.id}`)).status).toBe(401);
    expect((await t.json(editor, 'POST', `${BASE}/disable/${row.id}`)).status).toBe(401);
    const edited = await t.json(editor, 'POST', `${BASE}/update`, { id: row.id, paymentDays: 60 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ paymentDays: 60, updateName: expect.any(String) });
    // The lines an update does not send stay as they were.
    expect(edited.body.data.qualificationList.length).toBeGreaterThan(0);
  });
});
