import { defineContract } from './define';
import { obj } from './shapes';

/**
 * The signed-in user's look of the console (issue 20 points 5 and 6): theme and language, kept on the
 * server (server/routes/usercenter/preferences.ts) so a sign-in on any browser applies them. Caller:
 * src/runtime/preferences/sync.ts.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_PREFERENCES = { theme: 'light', language: 'zh-CN' } as const satisfies {
  theme: ThemeChoice;
  language: Language;
};

const theme = { type: 'string', enum: THEMES } as const;
const language = { type: 'string', enum: LANGUAGES } as const;
const BASE = '/gateApi/user/smm/user/web';

export const getPreferences = defineContract({
  method: 'GET',
  path: `${BASE}/preferences`,
  data: obj({ theme, language }),
});

/** Either or both; the answer is the whole stored set. */
export const savePreferences = defineContract({
  method: 'POST',
  path: `${BASE}/savePreferences`,
  body: {
    type: 'object',
    properties: { theme, language },
    minProperties: 1,
  },
  data: obj({ theme, language }),
});
