/** SPEC 7.7 message types: the panel's type summaries and the list filter (docs/decisions.md). */
export const MESSAGE_TYPES = [
  { type: 1, typeName: '系统公告' },
  { type: 2, typeName: '广播消息' },
  { type: 3, typeName: '部门通知' },
  // Written by the approval engine (server/workflows/notify.ts): new tasks and decisions.
  { type: 4, typeName: '审批通知' },
  // Written by the reminder worker (server/services/reminders.ts): dates declared in resources' reminders.
  { type: 5, typeName: '到期提醒' },
] as const;
export type MessageType = 1 | 2 | 3 | 4 | 5;
export const typeName = (type: number) => MESSAGE_TYPES.find((t) => t.type === type)?.typeName ?? '';

/** SPEC 5 send-notice limits (SPEC 9). */
export const SEND_LIMITS = { title: 50, content: 2000, orgs: 50, roles: 10, users: 20 } as const;

export const MESSAGE_MSG = {
  title: '请输入标题',
  titleMax: '标题不能超过50个字',
  content: '请输入内容不超过2000字',
  orgsMax: '最多选择50个组织机构',
  rolesMax: '最多选择10个角色',
  usersMax: '最多选择20个用户',
  notFound: '消息不存在',
  noticeNotFound: '公告不存在',
} as const;

/** Who writes a message or notice: the signed-in user as he is named now, in his chosen organisation. */
export interface Sender {
  userId: number;
  realName: string;
  orgId: number | null;
}
