import type { GlobalToken } from 'antd';

/** The theme in effect once 'system' is resolved. */
export type EffectiveTheme = 'light' | 'dark';

/**
 * CSS custom properties for the hand-written styles (layout, home, panels, sign-in pages): each rule
 * reads `var(--fr-…, <its light colour>)`. In light they are removed, so the light look stays exactly
 * the hand-written one; in dark they carry the dark tokens of antd's algorithm.
 */
const VARS: Record<string, (t: GlobalToken) => string> = {
  '--fr-bg-container': (t) => t.colorBgContainer,
  '--fr-bg-elevated': (t) => t.colorBgElevated,
  '--fr-bg-layout': (t) => t.colorBgLayout,
  '--fr-fill-alter': (t) => t.colorFillAlter,
  '--fr-fill': (t) => t.colorFillTertiary,
  '--fr-text': (t) => t.colorText,
  '--fr-text-secondary': (t) => t.colorTextSecondary,
  '--fr-text-tertiary': (t) => t.colorTextTertiary,
  '--fr-text-quaternary': (t) => t.colorTextQuaternary,
  '--fr-border': (t) => t.colorBorder,
  '--fr-border-secondary': (t) => t.colorBorderSecondary,
  '--fr-primary-bg': (t) => t.colorPrimaryBg,
  '--fr-success-bg': (t) => t.colorSuccessBg,
  '--fr-info-bg': (t) => t.colorInfoBg,
  '--fr-success-text': (t) => t.colorSuccessText,
  '--fr-warning-text': (t) => t.colorWarningText,
};

export function applyDocumentTheme(root: HTMLElement, effective: EffectiveTheme, token: GlobalToken): void {
  root.dataset.theme = effective;
  root.style.colorScheme = effective;
  for (const [name, of] of Object.entries(VARS)) {
    if (effective === 'dark') root.style.setProperty(name, of(token));
    else root.style.removeProperty(name);
  }
  root.ownerDocument.body.style.background = effective === 'dark' ? token.colorBgLayout : '';
  root.ownerDocument.body.style.color = effective === 'dark' ? token.colorText : '';
}
