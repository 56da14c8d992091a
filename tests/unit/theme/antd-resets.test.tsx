// @vitest-environment jsdom
import { createCache, type CSSObject, StyleProvider } from '@ant-design/cssinjs';
import { Button, Checkbox, Input, Tag } from 'antd';
import { genCommonStyle } from 'antd/es/style';
import type { GlobalToken } from 'antd/es/theme/interface';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { actEnvironment } from './act-environment';
import { lightAntdResets } from '@/runtime/theme/antd-resets';

// Issue 21.4: antd's per-component box-sizing resets (about 18 attribute selectors per component
// kind) dominated the style recalculation of a list's rows. The transformer keeps each component's
// font and drops the box-sizing resets, which antd-resets.css gives every antd element at once.

actEnvironment();

const token = { fontFamily: 'F', fontSize: 14 } as GlobalToken;
const KEY = '[class^="ant-table"], [class*=" ant-table"]';

describe("antd's resets, made light", () => {
  it("keeps the font of antd's own reset and drops its box-sizing", () => {
    const reset = genCommonStyle(token, 'ant-table');
    // antd's reset as this transformer knows it: if antd changes it, this test says so.
    expect(reset).toEqual({
      [KEY]: {
        fontFamily: 'F',
        fontSize: 14,
        boxSizing: 'border-box',
        '&::before, &::after': { boxSizing: 'border-box' },
        [KEY]: { boxSizing: 'border-box', '&::before, &::after': { boxSizing: 'border-box' } },
      },
    });
    expect(lightAntdResets.visit!(reset)).toEqual({ [KEY]: { fontFamily: 'F', fontSize: 14 } });
  });

  it("drops the inner elements' reset under a component's own class (antd's rootCls form)", () => {
    const reset = genCommonStyle(token, 'ant-btn', 'ant-btn');
    const root = reset['.ant-btn'] as CSSObject;
    expect(Object.keys(root)).toContain('[class^="ant-btn"], [class*=" ant-btn"]');
    // cssinjs visits each nested object: the one under .ant-btn loses the attribute selectors.
    expect(lightAntdResets.visit!(root)).toEqual({
      fontFamily: 'F',
      fontSize: 14,
      boxSizing: 'border-box',
      '&::before, &::after': { boxSizing: 'border-box' },
    });
  });

  it('drops the whole reset of a component without the font reset (inputs)', () => {
    expect(lightAntdResets.visit!(genCommonStyle(token, 'ant-input', undefined, false))).toEqual({});
  });

  it('leaves any other style alone, a reset holding more than it knows included', () => {
    const other: CSSObject = { '.ant-table': { boxSizing: 'border-box', color: 'red' } };
    expect(lightAntdResets.visit!(other)).toBe(other);
    const more: CSSObject = { [KEY]: { fontFamily: 'F', boxSizing: 'border-box', color: 'red' } };
    expect(lightAntdResets.visit!(more)).toBe(more);
    const content: CSSObject = { [KEY]: { boxSizing: 'content-box' } };
    expect(lightAntdResets.visit!(content)).toBe(content);
  });

  it('rendered antd components inject no box-sizing attribute selectors, their font rules kept', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        <StyleProvider cache={createCache()} transformers={[lightAntdResets]}>
          <Button>确定</Button>
          <Checkbox />
          <Tag>草稿</Tag>
          <Input />
        </StyleProvider>,
      ),
    );
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    act(() => root.unmount());
    container.remove();
    // Each rule: selector { body }. A selector with [class^="ant-…"] sets a font, never box-sizing.
    const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, sel, body]) => ({
      sel: sel!,
      body: body!,
    }));
    const attribute = rules.filter((r) => /\[class\^="ant-/.test(r.sel));
    // Checkbox's reset is attribute selectors at the top (its font kept); Button's, Tag's and Input's
    // sit under their own class (.ant-btn), with only the box-sizing of their inner elements as
    // attribute selectors: nothing of those is left.
    expect(attribute.map((r) => r.sel.match(/class\^="(ant-[\w-]+)"/)![1])).toEqual(['ant-checkbox']);
    expect(css).toMatch(/\.ant-btn\{font-family:/);
    for (const r of attribute) {
      expect(r.body).not.toContain('box-sizing');
      expect(r.body).toContain('font-family');
      // Only a component's own elements, not the same component's elements inside them.
      expect(r.sel).not.toMatch(/\] \[class/);
    }
  });
});
