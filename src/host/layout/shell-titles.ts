import { t, zhCN } from '@/i18n';

/** The titles the shell gives pages itself, by their catalogue key (their Chinese is zh-CN.ts's). */
const OWN = ['unnamed', 'notFound', 'personalCenter', 'dacangHome'] as const;

/**
 * A tab or breadcrumb title in the language in effect: the shell's own titles ('未命名', '页面不存在',
 * the built-in routes of src/apps/<app>/route-meta.ts) from the catalogue; menu titles as given (the
 * menu carries its own English).
 */
export function shellTitle(title: string): string {
  const key = OWN.find((k) => zhCN.tabs[k] === title);
  return key ? t(`tabs.${key}`) : title;
}
