/** SPEC 9: marquee titles are cut to 70 characters. */
export const MARQUEE_TITLE_MAX = 70;

/** At most `max` characters (by code point, so an emoji is never split), with '…' when cut. */
export function truncateTitle(title: string, max = MARQUEE_TITLE_MAX): string {
  const chars = Array.from(title.trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** SPEC 9: the unread count as a number, or '99+' when it is not below 99; nothing for 0. */
export function formatUnread(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count >= 99 ? '99+' : String(Math.floor(count));
}

/**
 * The titles from getImMessageTitleList: a list of messages (or plain titles). The messages server
 * (issue 6) decides the shape; anything unreadable is no titles.
 */
export function titlesOf(data: unknown): string[] {
  const list = Array.isArray(data) ? data : ((data as { list?: unknown })?.list ?? []);
  if (!Array.isArray(list)) return [];
  return list
    .map((m) => (typeof m === 'string' ? m : typeof m?.title === 'string' ? (m.title as string) : ''))
    .filter((t) => t.trim() !== '');
}

/** The count from getNotReadMessageCount: a number (or an object carrying notReadCount). */
export function unreadOf(data: unknown): number {
  if (typeof data === 'number') return data;
  if (typeof data === 'string' && data.trim() !== '') return Number(data);
  const value = (data as { notReadCount?: unknown })?.notReadCount;
  return typeof value === 'number' ? value : 0;
}
