import { defineContract } from './define';
import { arr, bool, dateTime, int, nullable, obj, page, paging, str, tree } from './shapes';

/**
 * The platform message centre, its send dialogs and the system-notice page (SPEC 2.12, 5, 6, 7.7;
 * server/routes/msg). Callers: src/host/panels/messages/api.ts, the header
 * (src/host/layout/header/messages-api.ts) and the systemNotice resource's external endpoints
 * (schemas/resources/systemNotice.json), whose columns and forms read these answers.
 */
const BASE = '/api/v1/msg/im/message';

/** SPEC 7.7 message types: the panel's type summaries and the list filter (docs/decisions.md). */
export const MESSAGE_TYPES = [
  { type: 1, typeName: '系统公告' },
  { type: 2, typeName: '广播消息' },
  { type: 3, typeName: '部门通知' },
  // Written by the approval engine (server/workflows/notify.ts): new tasks and decisions.
  { type: 4, typeName: '审批通知' },
  // Written by the reminder worker (server/services/reminders.ts): dates declared in resources' reminders.
  { type: 5, typeName: '到期提醒' },
  // Written by the device pass (server/services/store-devices/device-pass.ts): devices offline too long.
  { type: 6, typeName: '设备告警' },
  // Written by a transition's notify (server/resources/notify.ts): work handed to someone (an AI event).
  { type: 7, typeName: '工作通知' },
] as const;
/** The `type` of each of MESSAGE_TYPES, as the list filter's enum. */
const TYPE_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

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

// --- requests ---

/** Typed as a plain number: the panel keeps the chosen type from the summaries' answer. */
const messageType = {
  type: 'integer',
  enum: TYPE_IDS as readonly number[],
  errorMessage: '消息类型不正确',
} as const;

/** A receiver list: ids (and the names the dialog showed), at most `max`. */
const idList = <const K extends string, const N extends string>(
  key: K,
  nameKey: N,
  max: number,
  maxMessage: string,
) => ({
  type: 'array' as const,
  maxItems: max,
  items: {
    type: 'object' as const,
    required: [key] as const,
    properties: {
      [key]: { type: 'integer', minimum: 0, errorMessage: '接收者范围格式错误' },
      [nameKey]: { type: 'string', maxLength: 100 },
    } as Record<K, { readonly type: 'integer' }> & Record<N, { readonly type: 'string' }>,
    errorMessage: { type: '接收者范围格式错误', required: '接收者范围格式错误' },
  },
  errorMessage: { type: '接收者范围格式错误', maxItems: maxMessage },
});

const title = {
  type: 'string',
  minLength: 1,
  maxLength: SEND_LIMITS.title,
  errorMessage: { type: MESSAGE_MSG.title, minLength: MESSAGE_MSG.title, maxLength: MESSAGE_MSG.titleMax },
} as const;

/** Raw HTML may be longer than its 2000 characters of text; 200 000 bounds what is parsed at all. */
const content = {
  type: 'string',
  minLength: 1,
  maxLength: 200_000,
  errorMessage: MESSAGE_MSG.content,
} as const;

const orgIds = idList('orgId', 'orgName', SEND_LIMITS.orgs, MESSAGE_MSG.orgsMax);
const roleIds = idList('roleId', 'roleName', SEND_LIMITS.roles, MESSAGE_MSG.rolesMax);
const userIds = idList('userId', 'userName', SEND_LIMITS.users, MESSAGE_MSG.usersMax);

const required = { title: MESSAGE_MSG.title, content: MESSAGE_MSG.content } as const;
const noticeId = { type: 'integer', minimum: 1, errorMessage: '请选择公告' } as const;
const noticeStatus = { type: 'integer', enum: [0, 1], errorMessage: '公告状态不正确' } as const;
const keyword = { type: 'string', maxLength: 50, errorMessage: '关键字不能超过50个字' } as const;
const scope = {
  type: 'string',
  enum: ['radio', 'dept'],
  default: 'radio',
  errorMessage: '发送类型不正确',
} as const;

// --- answers ---

const range = {
  orgList: arr(obj({ orgId: int, orgName: str })),
  roleList: arr(obj({ roleId: int, roleName: str })),
  userList: arr(obj({ userId: int, userName: str })),
} as const;

/** A message of the panel's list: received (1) or sent (2, with receiver and read counts). */
const messageItem = obj(
  {
    id: int,
    msgType: int,
    typeName: str,
    title: str,
    summary: str,
    createName: str,
    createTime: dateTime,
    isRead: bool,
    receiveRange: str,
    receiverCount: int,
    readCount: int,
    fromToType: { type: 'integer', enum: [1, 2] },
  },
  ['receiverCount', 'readCount'],
);

/** A system notice on the admin page (content sanitised), its read count counted now. */
const notice = obj({
  id: int,
  title: str,
  content: str,
  status: int,
  createName: str,
  createTime: dateTime,
  updateTime: dateTime,
  receiverCount: int,
  readCount: int,
});

// --- the message centre ---

export const messageList = defineContract({
  method: 'GET',
  path: `${BASE}/getMessageListForFrontend`,
  query: {
    type: 'object',
    properties: {
      type: messageType,
      fromToType: { type: 'integer', enum: [1, 2], default: 1, errorMessage: '收发类型不正确' },
      ...paging,
    },
  },
  data: page(messageItem),
});

/** One message; opening a received one marks it read. A sent one carries the receivers as chosen. */
export const messageDetail = defineContract({
  method: 'GET',
  path: `${BASE}/getImMessageById`,
  query: {
    type: 'object',
    required: ['msgId'],
    properties: {
      msgId: { type: 'integer', minimum: 1, errorMessage: MESSAGE_MSG.notFound },
      msgModel: { type: 'integer', enum: [1, 2], default: 1, errorMessage: '收发类型不正确' },
    },
    errorMessage: { required: { msgId: MESSAGE_MSG.notFound } },
  },
  data: obj(
    {
      id: int,
      msgType: int,
      typeName: str,
      title: str,
      content: str,
      createName: str,
      createTime: dateTime,
      isRead: bool,
      receiveRange: str,
      receiverCount: int,
      fromToType: { type: 'integer', enum: [1, 2] },
      ...range,
    },
    ['orgList', 'roleList', 'userList'],
  ),
});

/** The header marquee: the newest unread titles. */
export const unreadTitles = defineContract({
  method: 'GET',
  path: `${BASE}/getImMessageTitleList`,
  data: arr(obj({ id: int, msgType: int, title: str, createTime: dateTime })),
});

export const unreadCount = defineContract({
  method: 'GET',
  path: `${BASE}/getNotReadMessageCount`,
  data: int,
});

/** SPEC 2.12 type summaries: every type, with its newest title and unread count. */
export const typeSummaries = defineContract({
  method: 'GET',
  path: `${BASE}/getMessageTypeList`,
  data: arr(obj({ type: int, typeName: str, lastTitle: str, notReadCount: int })),
});

/**
 * Marks a type (or every type) read; answers how many changed. The type may also come in the body
 * ({ msgType }), which is read leniently: anything but an integer there means every type.
 */
export const markRead = defineContract({
  method: 'PUT',
  path: `${BASE}/updateImMessageIsRead`,
  query: { type: 'object', properties: { msgType: messageType } },
  data: obj({ count: int }),
});

// --- sending (SPEC 6) ---

/** A broadcast: organisations, roles and users. */
export const sendRadio = defineContract({
  method: 'POST',
  path: `${BASE}/saveRadioMessage`,
  body: {
    type: 'object',
    required: ['title', 'content'],
    properties: { title, content, orgList: orgIds, roleList: roleIds, userList: userIds },
    errorMessage: { type: '请求数据格式错误', required },
  },
  data: obj({ id: int, receiverCount: int }),
});

/** A department notice: organisations and users of the sender's own organisations only. */
export const sendDept = defineContract({
  method: 'POST',
  path: `${BASE}/saveDeptMessage`,
  body: {
    type: 'object',
    required: ['title', 'content'],
    properties: {
      title,
      content,
      orgList: orgIds,
      roleList: { type: 'array', maxItems: 0, errorMessage: '部门通知只能选择组织机构和用户' },
      userList: userIds,
    },
    errorMessage: { type: '请求数据格式错误', required },
  },
  data: obj({ id: int, receiverCount: int }),
});

/** The receiver tree under '全部' (orgId 0); for a department notice, the sender's own subtrees. */
export const receiverOrgTree = defineContract({
  method: 'GET',
  path: `${BASE}/receiverOrgTree`,
  query: { type: 'object', properties: { scope } },
  data: tree('receiverOrgNode', obj({ orgId: int, orgName: str, orgCode: str, refObjType: int }), true),
});

export const roleList = defineContract({
  method: 'POST',
  path: `${BASE}/selectRoleList`,
  body: {
    type: ['object', 'null'],
    properties: {
      keyword,
      orgAttributeName: { type: 'string', maxLength: 50, errorMessage: '机构属性不正确' },
      permissionId: { type: 'integer', minimum: 1, errorMessage: '功能权限不正确' },
      ...paging,
    },
  },
  data: page(obj({ id: int, code: nullable.str, name: str, orgAttributeName: nullable.str })),
});

export const roleOrgAttributes = defineContract({
  method: 'GET',
  path: `${BASE}/selectRoleOrgAttributeList`,
  data: arr(str),
});

export const permissionSearch = defineContract({
  method: 'GET',
  path: `${BASE}/selectFunctionPermissionList`,
  query: { type: 'object', properties: { str: keyword } },
  data: arr(obj({ id: int, name: str, uri: nullable.str, code: nullable.str, app: str })),
});

export const userList = defineContract({
  method: 'POST',
  path: `${BASE}/selectUserList`,
  body: {
    type: ['object', 'null'],
    properties: {
      keyword,
      orgId: { type: 'integer', minimum: 0, errorMessage: '组织机构不正确' },
      scope,
      ...paging,
    },
  },
  data: page(
    obj({
      userId: int,
      employeeCode: str,
      employeeName: str,
      departmentCode: nullable.str,
      departmentName: nullable.str,
      employeeType: nullable.str,
    }),
  ),
});

// --- system notices (the admin page) ---

export const noticeList = defineContract({
  method: 'GET',
  path: `${BASE}/getMessageListForBackend`,
  query: {
    type: 'object',
    properties: {
      title: { type: 'string', maxLength: 50, errorMessage: '标题不能超过50个字' },
      status: noticeStatus,
      ...paging,
    },
  },
  data: page(notice),
});

export const noticeDetail = defineContract({
  method: 'GET',
  path: `${BASE}/getSystemNoticeDetail`,
  query: {
    type: 'object',
    required: ['id'],
    properties: { id: noticeId },
    errorMessage: { required: { id: '请选择公告' } },
  },
  data: notice,
});

export const noticeAdd = defineContract({
  method: 'POST',
  path: `${BASE}/addSystemNotice`,
  body: {
    type: 'object',
    required: ['title', 'content'],
    properties: { title, content, status: noticeStatus },
    errorMessage: { type: '请求数据格式错误', required },
  },
  data: obj({ id: int }),
});

export const noticeUpdate = defineContract({
  method: 'PUT',
  path: `${BASE}/updateSystemNotice`,
  body: {
    type: 'object',
    required: ['id', 'title', 'content'],
    properties: { id: noticeId, title, content },
    errorMessage: { type: '请求数据格式错误', required: { id: '请选择公告', ...required } },
  },
  data: obj({ id: int }),
});

export const noticeStatusSet = defineContract({
  method: 'PUT',
  path: `${BASE}/updateStatus`,
  body: {
    type: 'object',
    required: ['id', 'status'],
    properties: { id: noticeId, status: noticeStatus },
    errorMessage: { type: '请求数据格式错误', required: { id: '请选择公告', status: '公告状态不正确' } },
  },
  data: obj({ id: int, status: int }),
});
