const DAY_MS = 86_400_000;

/** '今天', '昨天' or 'N 天前' for the oldest waiting document. */
export function waitingSince(oldest: string | null, now = Date.now()): string {
  if (!oldest) return '';
  const days = Math.floor((now - Date.parse(oldest)) / DAY_MS);
  if (days <= 0) return '最早今天创建';
  if (days === 1) return '最早昨天创建';
  return `最早 ${days} 天前创建`;
}

/** A greeting by the hour of the day. */
export function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 11) return '上午好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}
