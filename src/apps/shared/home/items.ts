import { zhCN } from '@/i18n/zh-CN';
import type { Catalogue } from '@/i18n/types';

const DAY_MS = 86_400_000;

/** The home texts of a language (src/i18n), the Chinese by default. */
type HomeTexts = Catalogue['home'];
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** '最早今天创建', '最早昨天创建' or '最早 N 天前创建' for the oldest waiting document. */
export function waitingSince(oldest: string | null, now = Date.now(), texts: HomeTexts = zhCN.home): string {
  if (!oldest) return '';
  const days = Math.floor((now - Date.parse(oldest)) / DAY_MS);
  if (days <= 0) return texts.waiting.today;
  if (days === 1) return texts.waiting.yesterday;
  return fill(texts.waiting.days, { days });
}

/** A greeting by the hour of the day, with the user's name ('上午好，张三'). */
export function greeting(hour: number, name: string, texts: HomeTexts = zhCN.home): string {
  const g = texts.greeting;
  const text =
    hour < 6 ? g.night : hour < 11 ? g.morning : hour < 13 ? g.noon : hour < 18 ? g.afternoon : g.evening;
  return fill(text, { name });
}
