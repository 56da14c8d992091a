import type { Locale } from 'antd/es/locale';
// The ES builds: under Vite 8 the default import of 'antd/locale/…' (CommonJS) loses its texts.
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getPreferences, subscribePreferences, usePreferences } from '@/runtime/preferences';
import type { Language } from '@/schema/contracts/preferences';
import type { Catalogue } from './types';
import { zhCN } from './zh-CN';

/**
 * The one message catalogue of the console (issue 20.5): i18next with react-i18next, Chinese by default
 * (SPEC's texts, zh-CN.ts) and English (en-US.ts), following the user's language choice
 * (src/runtime/preferences) together with dayjs's locale and the document's lang. antd's locale is
 * picked by the roots' ConfigProvider (useAntdLocale). The English catalogue is a chunk of its own,
 * loaded when English is chosen (issue 21.6): the host renders once the language in effect is there
 * (languageReady), and a switch takes effect when its catalogue has arrived.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

const catalogues = new Map<Language, Catalogue>([['zh-CN', zhCN]]);
const LOADERS: Record<Language, () => Promise<Catalogue>> = {
  'zh-CN': async () => zhCN,
  'en-US': () => import('./en-US').then((m) => m.enUS),
};

/** The catalogue of a language once loaded; the Chinese one until then. */
export const catalogue = (language: string): Catalogue => catalogues.get(language as Language) ?? zhCN;

/** Loads a language's catalogue into i18next (once); the language in effect does not change. */
export async function loadCatalogue(language: Language): Promise<void> {
  if (catalogues.has(language)) return;
  const texts = await LOADERS[language]();
  catalogues.set(language, texts);
  i18next.addResourceBundle(language, 'translation', texts);
}

function apply(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

let ready: Promise<void> = Promise.resolve();

function follow(language: Language): void {
  if (catalogues.has(language)) {
    apply(language);
    return;
  }
  ready = loadCatalogue(language).then(
    // A later choice may have come first: only the language still chosen is applied.
    () => (getPreferences().language === language ? apply(language) : undefined),
    // The chunk could not be loaded: the texts stay in the language shown.
    () => undefined,
  );
}

/** Resolves once the catalogue of the language in effect is there (the host renders then). */
export const languageReady = (): Promise<void> => ready;

void i18next.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  // The resources are here: ready at once, no first render without texts.
  initAsync: false,
  returnNull: false,
});
follow(getPreferences().language);
subscribePreferences(() => follow(getPreferences().language));

export { i18next as i18n };
/** A text of the catalogue outside React (dialogs opened from handlers, constants read at call time). */
export const t = i18next.t.bind(i18next);
export { useTranslation } from 'react-i18next';

/** The language in effect. */
export const useLanguage = (): Language => usePreferences().language;
export const isEnglish = (): boolean => getPreferences().language === 'en-US';
export type { Catalogue };
export { zhCN };

/** antd's texts (pagination, empty tables, date pickers) in the language in effect. */
export function useAntdLocale(): Locale {
  return useLanguage() === 'en-US' ? antdEnUS : antdZhCN;
}
