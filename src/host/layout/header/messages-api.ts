import { api } from '@/runtime/request';
import { titlesOf, unreadOf } from './format';

/** SPEC 7.7 message calls used by the header. The messages server is another issue: failures are silent. */
const BASE = '/api/v1/msg/im/message';

export async function fetchUnreadTitles(): Promise<string[]> {
  try {
    return titlesOf(await api.get(`${BASE}/getImMessageTitleList`, undefined, { silent: true }));
  } catch {
    return [];
  }
}

export async function fetchUnreadCount(): Promise<number> {
  try {
    return unreadOf(await api.get(`${BASE}/getNotReadMessageCount`, undefined, { silent: true }));
  } catch {
    return 0;
  }
}
