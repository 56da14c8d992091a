import { MESSAGE_MSG, MESSAGE_TYPES, SEND_LIMITS } from '../../../src/schema/contracts/messages';

/** The message types, limits and texts are the contract's (src/schema/contracts/messages.ts). */
export { MESSAGE_MSG, MESSAGE_TYPES, SEND_LIMITS };
export type MessageType = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const typeName = (type: number) => MESSAGE_TYPES.find((t) => t.type === type)?.typeName ?? '';

/** Who writes a message or notice: the signed-in user as he is named now, in his chosen organisation. */
export interface Sender {
  userId: number;
  realName: string;
  orgId: number | null;
}
