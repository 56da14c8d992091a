import { callContract } from '@/runtime/request';
import { unreadCount, unreadTitles } from '@/schema/contracts/messages';
import { titlesOf, unreadOf } from './format';

/** SPEC 7.7 message calls used by the header (contracts: src/schema/contracts/messages.ts); silent. */

export async function fetchUnreadTitles(): Promise<string[]> {
  try {
    return titlesOf(await callContract(unreadTitles, {}, { silent: true }));
  } catch {
    return [];
  }
}

export async function fetchUnreadCount(): Promise<number> {
  try {
    return unreadOf(await callContract(unreadCount, {}, { silent: true }));
  } catch {
    return 0;
  }
}
