import type { ConfigProviderProps, ThemeConfig } from 'antd/es/config-provider';
import { useSyncExternalStore } from 'react';

/**
 * The console's antd theme: the host and both sub-apps render with it, so they look like one product.
 * Colours meet WCAG AA contrast (4.5:1 for text; tests/e2e/accessibility.test.ts runs axe-core on every
 * page): the green is dark enough for white text on it and for links on white, and secondary text
 * (breadcrumbs, descriptions, waiting steps) is 60 % black instead of antd's 45 %, placeholders 55 %
 * instead of 25 %.
 */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#168045',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // A select's placeholder is text in the page (an input's ::placeholder is not checked by axe).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

type LookProps = Pick<ConfigProviderProps, 'theme' | 'wave'>;

const FULL_MOTION: LookProps = { theme: APP_THEME };
/** Without antd's motion (zoom, fade, folding form messages) and the click ripple. */
const REDUCED_MOTION: LookProps = {
  theme: { token: { ...APP_THEME.token, motion: false } },
  wave: { disabled: true },
};

const REDUCE_QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(REDUCE_QUERY).matches;

/**
 * The ConfigProvider props that set the console's look: spread them on every root's ConfigProvider.
 * antd does not follow the system's 'reduce motion' setting on its own, so the console does: dialogs,
 * popovers and form messages then appear and go at once. Follows a change of the setting while open.
 */
export function useAppLook(): LookProps {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false) ? REDUCED_MOTION : FULL_MOTION;
}
