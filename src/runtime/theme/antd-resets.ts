import type { CSSObject, Transformer } from '@ant-design/cssinjs';

/**
 * antd's per-component reset, made cheap for the browser (issue 21.4). Every antd component adds
 * `[class^="ant-x"], [class*=" ant-x"]` rules (antd/es/style genCommonStyle): its font on the
 * component's own elements, and `box-sizing: border-box` on them, on their ::before and ::after, and
 * on every element of the same component inside them. That is about 18 attribute selectors per
 * component kind, and an attribute selector is tried against every element that has a class: in a
 * style recalculation of a list's rows they took about 70 % of the selector matching (Chromium's
 * selector statistics, docs/decisions.md "Select all and the 20-row list on this machine").
 *
 * This transformer keeps each component's font rule (the same selector, the same font) and drops its
 * box-sizing resets; antd-resets.css gives every element with an `ant-` class, and its ::before and
 * ::after, `box-sizing: border-box` in six selectors for all kinds at once, at no specificity, so that
 * any box-sizing a component rule sets still wins, as it did over the resets. The console's own
 * elements (no `ant-` class) keep the box model they had. A reset that holds anything else is left as
 * antd wrote it.
 */
const COMMON_RESET = /^\[class\^="(ant-[\w-]+)"\], \[class\*=" \1"\]$/;
const PSEUDO = '&::before, &::after';

/** Whether `value` is only `box-sizing: border-box` (with the same for ::before and ::after). */
function onlyBoxSizing(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).every(([k, v]) =>
    k === PSEUDO ? onlyBoxSizing(v) : k === 'boxSizing' && v === 'border-box',
  );
}

/** The font part of a component's reset, or null where it is nothing but the box-sizing resets. */
function fontOnly(key: string, value: unknown): CSSObject | null | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const font: CSSObject = {};
  for (const [k, v] of Object.entries(value as CSSObject)) {
    if (k === 'fontFamily' || k === 'fontSize') {
      font[k] = v as string;
      continue;
    }
    // The box-sizing of the elements, of their pseudo-elements, and of the same component's inside.
    const reset = k === 'boxSizing' ? v === 'border-box' : (k === PSEUDO || k === key) && onlyBoxSizing(v);
    if (!reset) return undefined; // Not the reset this knows: leave it.
  }
  return Object.keys(font).length ? font : null;
}

export const lightAntdResets: Transformer = {
  visit(style: CSSObject): CSSObject {
    let out: CSSObject | undefined;
    for (const [key, value] of Object.entries(style)) {
      if (!COMMON_RESET.test(key)) continue;
      const font = fontOnly(key, value);
      if (font === undefined) continue;
      out ??= { ...style };
      if (font) out[key] = font;
      else delete out[key];
    }
    return out ?? style;
  },
};
