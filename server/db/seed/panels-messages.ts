import type { Sender } from '../../services/messages/constants';
import { addSystemNotice } from '../../services/messages/notices';
import { sendMessage } from '../../services/messages/send';
import type { Database } from '../index';
import { seedNow } from './resources-catalogue';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'M月D日' of an instant in China time. */
const monthDay = (ms: number) => {
  const d = new Date(ms + 8 * HOUR);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
};

/** Dates a seeded message (and its notice log) at `at`: the same dates for the same anchor. */
async function dateMessage(db: Database, id: number, at: number): Promise<void> {
  const time = new Date(at);
  await db
    .updateTable('imMessage')
    .set({ createTime: time, updateTime: time })
    .where('id', '=', id)
    .execute();
  await db.updateTable('imNoticeLog').set({ createTime: time }).where('messageId', '=', id).execute();
}

/**
 * A few demo messages, sent through the real service (sanitised, resolved to people), dated in the
 * days before the seed anchor and speaking of days around it.
 */
export async function seedPanelMessages(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  const users = await db
    .selectFrom('appUser')
    .select(['id', 'account', 'realName', 'orgId'])
    .where('account', 'in', ['hq001', 'md001'])
    .execute();
  const as = (account: string): Sender | undefined => {
    const u = users.find((x) => x.account === account);
    return u && { userId: u.id, realName: u.realName, orgId: u.orgId };
  };
  const hq = as('hq001');
  const md = as('md001');
  const storeManager = await db
    .selectFrom('role')
    .select('id')
    .where('code', '=', 'STORE_MANAGER')
    .executeTakeFirst();
  if (hq) {
    const from = monthDay(now + 10 * DAY);
    const to = monthDay(now + 12 * DAY);
    const notice = await addSystemNotice(db, hq, {
      title: '关于节假日期间门店营业时间调整的通知',
      content: `<p>各门店、各部门：</p><p>${from}至${to}期间门店营业时间调整为 <strong>8:00-21:00</strong>，大仓发货批次不变。</p>`,
    });
    await dateMessage(db, notice.id, now - 3 * DAY);
    if (storeManager) {
      const sent = await sendMessage(db, hq, 2, {
        title: '本月生鲜损耗盘点安排',
        content: `<p>请各门店店长于<strong>${monthDay(now + 8 * DAY)}</strong>前完成生鲜损耗盘点，并在系统中提交盘点单。</p>`,
        roleList: [{ roleId: storeManager.id }],
      });
      await dateMessage(db, sent.id, now - 2 * DAY);
    }
  }
  if (md) {
    const sent = await sendMessage(db, md, 3, {
      title: '文三路店本周排班调整',
      content: '<p>本周六早班增加一名理货员，请大家留意排班表。</p>',
      orgList: [{ orgId: 11 }],
    });
    await dateMessage(db, sent.id, now - 20 * HOUR);
  }
}
