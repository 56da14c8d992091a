import { paging } from '../../../src/schema/contracts/shapes';
import { MESSAGE_MSG, MESSAGE_TYPES, SEND_LIMITS } from '../../services/messages/constants';

/** Request schemas of the message routes, with the SPEC 5 'Send notice' texts. */

/** Paging as in every list (DESIGN.md 3 'Lists'), from the contracts' shapes. */
export { paging };

const idList = (key: string, max: number, maxMessage: string, nameKey: string) =>
  ({
    type: 'array',
    maxItems: max,
    items: {
      type: 'object',
      required: [key],
      properties: {
        [key]: { type: 'integer', minimum: 0, errorMessage: '接收者范围格式错误' },
        [nameKey]: { type: 'string', maxLength: 100 },
      },
      errorMessage: { type: '接收者范围格式错误', required: '接收者范围格式错误' },
    },
    errorMessage: { type: '接收者范围格式错误', maxItems: maxMessage },
  }) as const;

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

export const orgListSchema = idList('orgId', SEND_LIMITS.orgs, MESSAGE_MSG.orgsMax, 'orgName');
export const roleListSchema = idList('roleId', SEND_LIMITS.roles, MESSAGE_MSG.rolesMax, 'roleName');
export const userListSchema = idList('userId', SEND_LIMITS.users, MESSAGE_MSG.usersMax, 'userName');

const required = { title: MESSAGE_MSG.title, content: MESSAGE_MSG.content };

/** saveRadioMessage: organisations, roles and users. */
export const radioBody = {
  type: 'object',
  required: ['title', 'content'],
  properties: { title, content, orgList: orgListSchema, roleList: roleListSchema, userList: userListSchema },
  errorMessage: { type: '请求数据格式错误', required },
} as const;

/** saveDeptMessage: organisations and users only (SPEC 6). */
export const deptBody = {
  type: 'object',
  required: ['title', 'content'],
  properties: {
    title,
    content,
    orgList: orgListSchema,
    roleList: { type: 'array', maxItems: 0, errorMessage: '部门通知只能选择组织机构和用户' },
    userList: userListSchema,
  },
  errorMessage: { type: '请求数据格式错误', required },
} as const;

export const noticeAddBody = {
  type: 'object',
  required: ['title', 'content'],
  properties: {
    title,
    content,
    status: { type: 'integer', enum: [0, 1], errorMessage: '公告状态不正确' },
  },
  errorMessage: { type: '请求数据格式错误', required },
} as const;

export const noticeUpdateBody = {
  type: 'object',
  required: ['id', 'title', 'content'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: '请选择公告' }, title, content },
  errorMessage: { type: '请求数据格式错误', required: { id: '请选择公告', ...required } },
} as const;

export const noticeStatusBody = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'integer', minimum: 1, errorMessage: '请选择公告' },
    status: { type: 'integer', enum: [0, 1], errorMessage: '公告状态不正确' },
  },
  errorMessage: { type: '请求数据格式错误', required: { id: '请选择公告', status: '公告状态不正确' } },
} as const;

/** getSystemNoticeDetail?id= (the key in the query, as the setting log's detail). */
export const noticeDetailQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: '请选择公告' } },
  errorMessage: { required: { id: '请选择公告' } },
} as const;

export const frontendListQuery = {
  type: 'object',
  properties: {
    type: { type: 'integer', enum: MESSAGE_TYPES.map((t) => t.type), errorMessage: '消息类型不正确' },
    fromToType: { type: 'integer', enum: [1, 2], default: 1, errorMessage: '收发类型不正确' },
    ...paging,
  },
} as const;

export const detailQuery = {
  type: 'object',
  required: ['msgId'],
  properties: {
    msgId: { type: 'integer', minimum: 1, errorMessage: '消息不存在' },
    msgModel: { type: 'integer', enum: [1, 2], default: 1, errorMessage: '收发类型不正确' },
  },
  errorMessage: { required: { msgId: '消息不存在' } },
} as const;

export const readQuery = {
  type: 'object',
  properties: {
    msgType: { type: 'integer', enum: MESSAGE_TYPES.map((t) => t.type), errorMessage: '消息类型不正确' },
  },
} as const;

export const backendListQuery = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 50, errorMessage: '标题不能超过50个字' },
    status: { type: 'integer', enum: [0, 1], errorMessage: '公告状态不正确' },
    ...paging,
  },
} as const;
