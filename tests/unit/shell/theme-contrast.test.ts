import { readability } from '@ctrl/tinycolor';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { APP_THEME, CONTRAST } from '@/runtime/theme';

// Issue 20.7: the coloured text antd draws from the console's theme meets WCAG AA (4.5:1) in both
// themes: links (hovered and pressed too) and error text on the page, the text of primary and danger
// buttons in every state, every tag (status and preset colours, as antd's Tag and the
// list's light cells draw them: the text colour on the colour's tint), the selected tab, the home page's
// figures and the header's marquee on their pale green. The browser tests find what a page shows; this finds every colour an enum may use.

/** WCAG 2 contrast ratio of two colours (antd's own colour library computes it). */
const ratio = (a: string, b: string): number => readability(a, b);

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
const STATUS = ['Success', 'Info', 'Error', 'Warning'] as const;

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const token = theme.getDesignToken({
    token: { ...APP_THEME.token, ...CONTRAST[mode].token },
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
  }) as unknown as Record<string, string>;
  // A Tag's own tokens: the theme's, with the Tag overrides on top (as antd merges components.Tag).
  const tag = { ...token, ...(CONTRAST[mode].tag as Record<string, string>) };
  const bg = token.colorBgContainer!;

  it('links and error text on the page', () => {
    expect(ratio(token.colorLink!, bg)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(token.colorError!, bg)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(token.colorErrorText!, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('links resting, hovered and pressed', () => {
    for (const key of ['colorLink', 'colorLinkHover', 'colorLinkActive'])
      expect(ratio(token[key]!, bg), key).toBeGreaterThanOrEqual(4.5);
  });

  it('primary and danger buttons: their text on their fill, resting, hovered and pressed', () => {
    // The Button's own tokens: the theme's, with the Button overrides on top (as antd merges them).
    const button: Record<string, string> = {
      ...token,
      dangerColor: token.colorTextLightSolid!,
      ...(CONTRAST[mode].button as Record<string, string> | undefined),
    };
    for (const state of ['', 'Hover', 'Active']) {
      expect(
        ratio(token.colorTextLightSolid!, token[`colorPrimary${state}`]!),
        `primary${state}`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        ratio(button.dangerColor!, button[`colorError${state}`]!),
        `danger${state}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(STATUS)('a %s tag', (status) => {
    expect(ratio(tag[`color${status}`]!, tag[`color${status}Bg`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(PRESETS)('a %s tag', (preset) => {
    expect(ratio(tag[`${preset}7`]!, tag[`${preset}1`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('the selected tab (the primary, or its override, on the page)', () => {
    const tabs = (CONTRAST[mode].tabs ?? {}) as Record<string, string>;
    for (const key of ['itemSelectedColor', 'itemActiveColor', 'itemHoverColor'])
      expect(ratio(tabs[key] ?? token.colorPrimary!, bg), key).toBeGreaterThanOrEqual(4.5);
  });

  it.runIf(mode === 'dark')(
    "the home page's figures and the marquee on green (the dark CSS variables)",
    () => {
      expect(ratio(token.colorSuccessText!, token.colorSuccessBg!)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(token.colorWarningText!, token.colorSuccessBg!)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
