import { api } from '@/runtime/request';

/** SPEC 7.7 calls of the message panel and its send dialogs. */
export const MSG_BASE = '/api/v1/msg/im/message';

export interface MessageItem {
  id: number;
  msgType: number;
  typeName: string;
  title: string;
  summary: string;
  createName: string;
  createTime: string;
  isRead: boolean;
  receiveRange: string;
  receiverCount?: number;
  readCount?: number;
  fromToType: 1 | 2;
}

export interface MessageDetail extends Omit<MessageItem, 'summary' | 'readCount'> {
  content: string;
}

export interface TypeSummary {
  type: number;
  typeName: string;
  lastTitle: string;
  notReadCount: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export const fetchMessages = (q: { type?: number; fromToType: 1 | 2; pageNo: number; pageSize: number }) =>
  api.get<Page<MessageItem>>(`${MSG_BASE}/getMessageListForFrontend`, q);

export const fetchDetail = (msgId: number, msgModel: 1 | 2) =>
  api.get<MessageDetail>(`${MSG_BASE}/getImMessageById`, { msgId, msgModel });

export const fetchSummaries = () => api.get<TypeSummary[]>(`${MSG_BASE}/getMessageTypeList`);

export const fetchUnreadCount = () => api.get<number>(`${MSG_BASE}/getNotReadMessageCount`);

export const markTypeRead = (msgType?: number) =>
  api.put<{ count: number }>(`${MSG_BASE}/updateImMessageIsRead`, undefined, {
    params: msgType ? { msgType } : {},
  });

export interface SendPayload {
  title: string;
  content: string;
  orgList: { orgId: number; orgName: string }[];
  roleList?: { roleId: number; roleName: string }[];
  userList: { userId: number; userName: string }[];
}

/** `key`: the dialog's idempotency key (one per opened dialog), so a repeat sends once. */
export const sendRadio = (body: SendPayload, key?: string) =>
  api.post<{ id: number }>(`${MSG_BASE}/saveRadioMessage`, body, { idempotencyKey: key });
export const sendDept = (body: SendPayload, key?: string) =>
  api.post<{ id: number }>(`${MSG_BASE}/saveDeptMessage`, body, { idempotencyKey: key });

export interface OrgNode {
  orgId: number;
  orgName: string;
  orgCode: string;
  children?: OrgNode[];
}

export const fetchOrgTree = (scope: 'radio' | 'dept') =>
  api.get<OrgNode[]>(`${MSG_BASE}/receiverOrgTree`, { scope });

export interface RoleRow {
  id: number;
  code: string;
  name: string;
  orgAttributeName: string | null;
}

export const fetchRoles = (q: {
  keyword?: string;
  orgAttributeName?: string;
  permissionId?: number;
  pageNo: number;
  pageSize: number;
}) => api.post<Page<RoleRow>>(`${MSG_BASE}/selectRoleList`, q);

export const fetchOrgAttributes = () => api.get<string[]>(`${MSG_BASE}/selectRoleOrgAttributeList`);

export const fetchPermissions = (str: string) =>
  api.get<{ id: number; name: string; uri: string | null; code: string | null }[]>(
    `${MSG_BASE}/selectFunctionPermissionList`,
    { str },
  );

export interface UserRow {
  userId: number;
  employeeCode: string;
  employeeName: string;
  departmentCode: string | null;
  departmentName: string | null;
  employeeType: string | null;
}

export const fetchUsers = (q: {
  keyword?: string;
  scope: 'radio' | 'dept';
  pageNo: number;
  pageSize: number;
}) => api.post<Page<UserRow>>(`${MSG_BASE}/selectUserList`, q);
