import type { Sender } from '../../services/messages/constants';
import { addSystemNotice } from '../../services/messages/notices';
import { sendMessage } from '../../services/messages/send';
import type { Database } from '../index';

/** A few demo messages, sent through the real service (sanitised, resolved to people). */
export async function seedPanelMessages(db: Database): Promise<void> {
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
    await addSystemNotice(db, hq, {
      title: '关于清明节期间门店营业时间调整的通知',
      content:
        '<p>各门店、各部门：</p><p>清明节期间（4月4日至4月6日）门店营业时间调整为 <strong>8:00-21:00</strong>，大仓发货批次不变。</p>',
    });
    if (storeManager) {
      await sendMessage(db, hq, 2, {
        title: '三月份生鲜损耗盘点安排',
        content: '<p>请各门店店长于<strong>3月28日</strong>前完成生鲜损耗盘点，并在系统中提交盘点单。</p>',
        roleList: [{ roleId: storeManager.id }],
      });
    }
  }
  if (md) {
    await sendMessage(db, md, 3, {
      title: '文三路店本周排班调整',
      content: '<p>本周六早班增加一名理货员，请大家留意排班表。</p>',
      orgList: [{ orgId: 11 }],
    });
  }
}
