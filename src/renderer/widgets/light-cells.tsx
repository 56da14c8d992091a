import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { Checkbox, ConfigProvider, Pagination, Tag, theme, Typography } from 'antd';
import { DownOutlined as AntdDownOutlined } from '@ant-design/icons';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Light cells (issue 21.3/21.4). A list row shows a few antd components per cell (a Tag per enum
 * column, a Typography.Link for the code, the selection checkbox, the '更多' icon): each instance runs antd's hooks (config, token, style
 * registration) and a data arrival or a scroll of the virtual table mounts a dozen rows at once.
 * Inside a list, the enum, link and checkbox cells therefore write antd's own markup (same elements, same
 * classes, the theme's style hash), and the list keeps antd's styles for them registered from its
 * mount (StyleAnchors): the styles are there before the rows come, and nothing is generated while
 * they do. Outside a list (detail drawer, forms) the cells stay antd components.
 */
export interface LightClasses {
  /** antd's class prefixes ('ant-tag', 'ant-typography') under the page's ConfigProvider. */
  tag: string;
  typography: string;
  checkbox: string;
  /** The class antd's wave effect looks for ('ant-wave-target'). */
  waveTarget: string;
  /** The css-in-js hash class the styles are scoped to ('' when hashing is off). */
  hashId: string;
}

export const LightCellsContext = createContext<LightClasses | null>(null);

/** antd's preset and status colours (antd/es/_util/colors): their classes come with Tag's styles. */
const PRESET = [
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
];
const INTERNAL_COLOURS = new Set([
  ...PRESET,
  ...PRESET.map((c) => `${c}-inverse`),
  'success',
  'processing',
  'error',
  'default',
  'warning',
]);

/** Whether a light tag can show this colour (a preset or status colour, or none). */
export const lightTagColour = (color: string | undefined) => !color || INTERNAL_COLOURS.has(color);

/** The class list antd's Tag gives a borderless tag of this colour, in antd's order. */
export function lightTagClass(c: LightClasses, color: string | undefined): string {
  return [c.tag, color ? `${c.tag}-${color}` : '', `${c.tag}-borderless`, c.hashId].filter(Boolean).join(' ');
}

/** The class list antd's Typography.Link gives a plain link. */
export const lightLinkClass = (c: LightClasses) => [c.typography, c.hashId].filter(Boolean).join(' ');

/** antd's markup for the selection column's checkbox (Checkbox: label, span, input, inner span). */
export function lightCheckboxClasses(c: LightClasses, checked: boolean) {
  const p = c.checkbox;
  const join = (...xs: (string | false)[]) => xs.filter(Boolean).join(' ');
  return {
    wrapper: join(`${p}-wrapper`, checked && `${p}-wrapper-checked`, c.hashId),
    box: join(p, c.waveTarget, c.hashId, checked && `${p}-checked`),
    input: `${p}-input`,
    inner: `${p}-inner`,
  };
}

/**
 * An @ant-design/icons outlined icon as the markup AntdIcon renders (span role img, svg 1em,
 * currentColor), without the component: no context, no style check on each mount. Its styles
 * (.anticon) are inserted by the icons the page shows anyway and by StyleAnchors.
 */
export function LightIcon({ icon }: { icon: IconDefinition }) {
  const node = icon.icon as AbstractNode;
  return (
    <span role="img" aria-label={icon.name} className={`anticon anticon-${icon.name}`}>
      <svg
        {...node.attrs}
        data-icon={icon.name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {(node.children ?? []).map((child, i) => {
          const Tag = child.tag as 'path';
          return <Tag key={i} {...child.attrs} />;
        })}
      </svg>
    </span>
  );
}

/**
 * One of each antd component a list shows only once its rows are there (a preset and a status Tag,
 * a Typography link, the pager with its size changer and quick jumper), rendered into an element
 * that is never attached to the document: no layout and no DOM in the page, but their styles are
 * registered while the list's first request is under way, and stay while the list is mounted.
 */
function StyleAnchors() {
  const [host] = useState(() => document.createElement('div'));
  return createPortal(
    <>
      <Tag color="blue" bordered={false} />
      <Tag color="success" bordered={false} />
      <Typography.Link />
      <Checkbox />
      <LightIconAnchor />
      <Pagination total={100} showSizeChanger showQuickJumper size="small" />
    </>,
    host,
  );
}

/** An antd icon, so that the icons' own stylesheet is in the page before any light icon. */
function LightIconAnchor() {
  return <AntdDownOutlined />;
}

/** Provides the light cells' classes to the list below and keeps their styles registered. */
export function LightCells({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const { hashId } = theme.useToken();
  const value = useMemo<LightClasses>(
    () => ({
      tag: getPrefixCls('tag'),
      typography: getPrefixCls('typography'),
      checkbox: getPrefixCls('checkbox'),
      waveTarget: getPrefixCls('wave-target'),
      hashId,
    }),
    [getPrefixCls, hashId],
  );
  return (
    <LightCellsContext.Provider value={value}>
      <StyleAnchors />
      {children}
    </LightCellsContext.Provider>
  );
}
