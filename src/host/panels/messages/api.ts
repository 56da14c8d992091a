import { callContract } from '@/runtime/request';
import type { BodyOut, DataOf, QueryOut } from '@/schema/contracts/define';
import * as c from '@/schema/contracts/messages';

/** SPEC 7.7 calls of the message panel and its send dialogs (contracts: src/schema/contracts/messages.ts). */
export type MessagePage = DataOf<typeof c.messageList>;
export type MessageItem = MessagePage['list'][number];
export type MessageDetail = DataOf<typeof c.messageDetail>;
export type TypeSummary = DataOf<typeof c.typeSummaries>[number];
export type OrgNode = DataOf<typeof c.receiverOrgTree>[number];
export type RoleRow = DataOf<typeof c.roleList>['list'][number];
export type UserRow = DataOf<typeof c.userList>['list'][number];
export type SendPayload = BodyOut<typeof c.sendRadio>;

export const fetchMessages = (q: QueryOut<typeof c.messageList>) => callContract(c.messageList, { query: q });

export const fetchDetail = (msgId: number, msgModel: 1 | 2) =>
  callContract(c.messageDetail, { query: { msgId, msgModel } });

export const fetchSummaries = () => callContract(c.typeSummaries, {});

export const fetchUnreadCount = () => callContract(c.unreadCount, {});

export const markTypeRead = (msgType?: QueryOut<typeof c.markRead>['msgType']) =>
  callContract(c.markRead, { query: msgType ? { msgType } : {} });

/** `key`: the dialog's idempotency key (one per opened dialog), so a repeat sends once. */
export const sendRadio = (body: SendPayload, key?: string) =>
  callContract(c.sendRadio, { body }, { idempotencyKey: key });
export const sendDept = (body: BodyOut<typeof c.sendDept>, key?: string) =>
  callContract(c.sendDept, { body }, { idempotencyKey: key });

export const fetchOrgTree = (scope: 'radio' | 'dept') =>
  callContract(c.receiverOrgTree, { query: { scope } });

export const fetchRoles = (q: NonNullable<BodyOut<typeof c.roleList>>) =>
  callContract(c.roleList, { body: q });

export const fetchOrgAttributes = () => callContract(c.roleOrgAttributes, {});

export const fetchPermissions = (str: string) => callContract(c.permissionSearch, { query: { str } });

export const fetchUsers = (q: NonNullable<BodyOut<typeof c.userList>>) =>
  callContract(c.userList, { body: q });
