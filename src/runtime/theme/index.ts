import { theme as antdTheme } from 'antd';
import type { ConfigProviderProps, ThemeConfig } from 'antd/es/config-provider';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { usePreferences } from '../preferences';
import { applyDocumentTheme, type EffectiveTheme } from './document';

/**
 * The console's antd theme: the host and both sub-apps render with it, so they look like one product.
 * Colours meet WCAG AA contrast (4.5:1 for text; tests/e2e/accessibility.test.ts runs axe-core on every
 * page, tests/unit/theme-contrast.test.ts checks the pairs below): the green is dark enough for white
 * text on it and for links on white, and secondary text (breadcrumbs, descriptions, waiting steps) is
 * 60 % of the text colour instead of antd's 45 %, placeholders 55 % instead of 25 % — black on the light
 * theme, white on the dark one.
 */
export const APP_THEME: ThemeConfig = { token: { colorPrimary: '#168045' } };

type Token = NonNullable<ThemeConfig['token']>;
type Components = NonNullable<ThemeConfig['components']>;

/**
 * Per theme: the global tokens, and the text colours of tags (and, on dark, of the selected tab). antd's links (#1677ff, 4.1:1 on white)
 * and error text (#ff4d4f, 3.3:1) fall short, and a tag writes its status colour (#52c41a success,
 * #faad14 warning …) or its preset's 7th shade on that colour's palest tint (2.2:1 for success). Links
 * and errors get darker seeds on light and lighter ones on dark (the dark algorithm darkens a seed);
 * tags — antd's Tag and the list's light cells alike, which wear antd's Tag classes — get a darker
 * shade of the same palette for their text only, so icons, badges and alerts keep antd's colours.
 * On dark no green serves both white text on it and text on the page, so the primary stays dark
 * (buttons) and the selected tab, which writes the primary on the page, gets a light green.
 */
export const CONTRAST: Record<
  'light' | 'dark',
  { token: Token; tag: Components['Tag']; tabs?: Components['Tabs']; button?: Components['Button'] }
> = {
  light: {
    token: {
      // antd hovers a button or link with a lighter tint of its colour (white on it 4.2:1, a link 2.8:1):
      // here a darker one, as the pressed state is.
      colorPrimaryHover: '#11703c',
      colorLinkHover: '#0b4bb8',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      // A select's placeholder is text in the page (an input's ::placeholder is not checked by axe).
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
      colorLink: '#0958d9',
      colorError: '#cf1322',
    },
    tag: {
      colorSuccess: '#237804',
      colorInfo: '#0958d9',
      colorError: '#cf1322',
      colorWarning: '#874d00',
      cyan7: '#006d75',
      green7: '#237804',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
    },
  },
  dark: {
    token: {
      colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
      colorTextDescription: 'rgba(255, 255, 255, 0.6)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
      colorLink: '#69b1ff',
      // Lighter on hover and press, as the link is lighter than antd's (the dark algorithm darkens them).
      colorLinkHover: '#8fbdf0',
      colorLinkActive: '#a8cbf5',
      colorError: '#ff7875',
    },
    // A danger button fills with the light red that error text needs on dark: dark text on it.
    // Pressed, it darkens less than antd's (#b45253) so the text stays readable.
    button: { dangerColor: 'rgba(0, 0, 0, 0.88)', colorErrorActive: '#c85a57' },
    tag: {
      colorInfo: '#65a9f3',
      colorError: '#f37370',
      purple7: '#ab7ae0',
      geekblue7: '#7f9ef3',
    },
    tabs: { itemSelectedColor: '#34b36b', itemActiveColor: '#34b36b', itemHoverColor: '#34b36b' },
  },
};

export type { EffectiveTheme } from './document';
export { KeptStyles } from './style-cache';
type LookProps = Pick<ConfigProviderProps, 'theme' | 'wave'>;

/** A media query as an external store: follows a change of the system setting while open. */
function mediaStore(query: string) {
  return {
    subscribe(onChange: () => void): () => void {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    matches: () => window.matchMedia(query).matches,
  };
}

const reduceMotion = mediaStore('(prefers-reduced-motion: reduce)');
const systemDark = mediaStore('(prefers-color-scheme: dark)');

/**
 * Pages that are always light (the print pages: paper is white, and the preview shows the paper):
 * while one is mounted (useLightOnly), the whole document is light whatever the user chose.
 */
let lightOnly = 0;
const lightOnlyListeners = new Set<() => void>();
const lightOnlyStore = {
  subscribe(onChange: () => void) {
    lightOnlyListeners.add(onChange);
    return () => lightOnlyListeners.delete(onChange);
  },
  get: () => lightOnly > 0,
};

/** Keeps the document light while the calling page is mounted (print pages). */
export function useLightOnly(): void {
  useEffect(() => {
    lightOnly += 1;
    lightOnlyListeners.forEach((l) => l());
    return () => {
      lightOnly -= 1;
      lightOnlyListeners.forEach((l) => l());
    };
  }, []);
}

/**
 * The theme in effect (issue 20.6): the user's choice (light, dark, or the system's, followed live
 * through prefers-color-scheme), light while a print page is shown.
 */
export function useEffectiveTheme(): EffectiveTheme {
  const { theme } = usePreferences();
  const dark = useSyncExternalStore(systemDark.subscribe, systemDark.matches, () => false);
  const forcedLight = useSyncExternalStore(lightOnlyStore.subscribe, lightOnlyStore.get, lightOnlyStore.get);
  if (forcedLight) return 'light';
  return theme === 'dark' || (theme === 'system' && dark) ? 'dark' : 'light';
}

/**
 * The ConfigProvider props that set the console's look: spread them on every root's ConfigProvider.
 * The theme in effect picks antd's algorithm (darkAlgorithm for dark). antd does not follow the
 * system's 'reduce motion' setting on its own, so the console does: dialogs, popovers and form
 * messages then appear and go at once, without the click ripple. Follows both settings while open.
 */
export function useAppLook(): LookProps {
  const reduced = useSyncExternalStore(reduceMotion.subscribe, reduceMotion.matches, () => false);
  const effective = useEffectiveTheme();
  return useMemo(
    () => ({
      theme: {
        ...APP_THEME,
        algorithm: effective === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...APP_THEME.token, ...CONTRAST[effective].token, ...(reduced ? { motion: false } : {}) },
        components: {
          Tag: CONTRAST[effective].tag,
          Tabs: CONTRAST[effective].tabs,
          Button: CONTRAST[effective].button,
        },
      },
      ...(reduced ? { wave: { disabled: true } } : {}),
    }),
    [effective, reduced],
  );
}

/**
 * The document's own colours (body, the hand-written CSS of the layout and pages) from the antd tokens
 * of the theme in effect: call once under the root ConfigProvider (the host's).
 */
export function useDocumentTheme(): EffectiveTheme {
  const effective = useEffectiveTheme();
  const { token } = antdTheme.useToken();
  useEffect(() => applyDocumentTheme(document.documentElement, effective, token), [effective, token]);
  return effective;
}
