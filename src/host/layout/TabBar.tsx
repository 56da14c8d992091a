import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { HOME_PATH } from '@/runtime/subapp/apps';
import { type CloseAction, type Tab, UNNAMED_TITLE } from '@/runtime/tabs';
import { shellTitle } from './shell-titles';
import styles from './layout.module.css';
import { useTranslation } from '@/i18n';

type Action = 'refresh' | CloseAction;

const MENU = [
  { key: 'refresh', text: 'tabs.refresh' },
  { key: 'current', text: 'tabs.closeCurrent' },
  { key: 'others', text: 'tabs.closeOthers' },
  { key: 'left', text: 'tabs.closeLeft' },
  { key: 'right', text: 'tabs.closeRight' },
] as const satisfies readonly { key: Action; text: string }[];

interface Props {
  tabs: Tab[];
  activePath: string;
  titleOf(path: string): string;
  onSelect(path: string): void;
  onRefresh(path: string): void;
  onClose(path: string, action: CloseAction): void;
}

/**
 * antd's tab bar puts role="tablist" on the whole bar, whose 'more tabs' button (a listbox popup) is then
 * a child a tablist may not have (axe: aria-required-children). The role belongs on the list of tabs
 * itself: moved there after each render (React leaves an attribute alone while its prop is unchanged).
 */
function useTablistOnTheTabs() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const nav = ref.current?.querySelector('.ant-tabs-nav');
    const list = nav?.querySelector('.ant-tabs-nav-list');
    if (!nav || !list || nav.getAttribute('role') !== 'tablist') return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  });
  return ref;
}

/** The tab bar (SPEC 2.11): the home tab fixed first; right click for refresh and the close actions. */
export function TabBar({ tabs, activePath, titleOf, onSelect, onRefresh, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useTablistOnTheTabs();
  const menuFor = (tab: Tab, index: number): MenuProps => {
    const isHome = tab.path === HOME_PATH;
    const disabled: Record<Action, boolean> = {
      refresh: false,
      current: isHome,
      others: tabs.every((t) => t.path === HOME_PATH || t.path === tab.path),
      left: tabs.slice(0, index).every((t) => t.path === HOME_PATH),
      right: index === tabs.length - 1,
    };
    return {
      items: MENU.map((m) => ({ key: m.key, label: t(m.text), disabled: disabled[m.key] })),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') onRefresh(tab.path);
        else onClose(tab.path, key as CloseAction);
      },
    };
  };

  const items = tabs.map((tab, index) => {
    const fresh = titleOf(tab.path);
    const label =
      tab.path === HOME_PATH ? t('tabs.home') : shellTitle(fresh !== UNNAMED_TITLE ? fresh : tab.title);
    return {
      key: tab.path,
      closable: tab.path !== HOME_PATH,
      label: (
        <Dropdown menu={menuFor(tab, index)} trigger={['contextMenu']}>
          <span className={styles.tabLabel} data-tab-path={tab.path}>
            {label}
          </span>
        </Dropdown>
      ),
    };
  });

  return (
    <div className={styles.tabBar} ref={ref}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        items={items}
        onChange={onSelect}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key, 'current');
        }}
      />
    </div>
  );
}
