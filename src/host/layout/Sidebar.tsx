import {
  AppstoreOutlined,
  CarOutlined,
  DatabaseOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { useDebounce } from 'ahooks';
import { Empty, Layout, Menu, type MenuProps } from 'antd';
// The plain Input, not antd's Input with its statics (TextArea, Search, Password, OTP: about 9 KB gzip on
// the first visit of every page, issue 21.6).
import Input from 'antd/es/input/Input';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  ancestorKeys,
  filterMenuTree,
  groupKeys,
  isExternalUri,
  type MenuNode,
  menuPages,
  readSidebarState,
  writeSidebarState,
} from '@/runtime/menu';
import styles from './layout.module.css';
import { useShell } from './use-shell';
import { useTranslation } from '@/i18n';

/** SPEC 9: menu search is debounced 500 ms. */
export const MENU_SEARCH_DEBOUNCE_MS = 500;

/** First-level icons by what the group is about; the menu data carries none. */
const ICONS: [RegExp, ReactNode][] = [
  [/系统|权限|用户/, <SettingOutlined key="s" />],
  [/门店|店/, <ShopOutlined key="shop" />],
  [/仓|库/, <DatabaseOutlined key="d" />],
  [/配送|物流|运输/, <CarOutlined key="c" />],
  [/采购/, <ShoppingCartOutlined key="p" />],
];
const iconOf = (name: string) => ICONS.find(([re]) => re.test(name))?.[1] ?? <AppstoreOutlined />;

type Item = Required<MenuProps>['items'][number];

/** `chinese`: a group's Chinese name by key, which picks its icon whatever language the menu shows. */
function toItems(nodes: readonly MenuNode[], chinese: Map<string, string>, depth = 1): Item[] {
  return nodes.map((n) => ({
    key: n.key,
    label: n.name,
    ...(depth === 1 ? { icon: iconOf(chinese.get(n.key) ?? n.name) } : {}),
    ...(n.children ? { children: toItems(n.children, chinese, depth + 1) } : {}),
  }));
}

/**
 * The left menu (SPEC 2.11): collapsible, three levels from the user's permissions, a search box
 * (debounced 500 ms) that keeps the groups above each match; open groups and the collapsed state are
 * kept in a cookie.
 */
export function Sidebar() {
  const { tree, profile } = useShell();
  const { t } = useTranslation();
  const chinese = useMemo(() => new Map(profile.permissions.map((p) => [String(p.id), p.name])), [profile]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [saved] = useState(readSidebarState);
  const [collapsed, setCollapsed] = useState(saved.collapsed);
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    saved.openKeys.length > 0 ? saved.openKeys : ancestorKeys(tree, pathname),
  );
  const [search, setSearch] = useState('');
  const keyword = useDebounce(search, { wait: MENU_SEARCH_DEBOUNCE_MS }).trim();

  useEffect(() => writeSidebarState({ collapsed, openKeys }), [collapsed, openKeys]);

  const shown = useMemo(() => filterMenuTree(tree, keyword), [tree, keyword]);
  const pages = useMemo(() => menuPages(tree), [tree]);
  const selected = pages.find((p) => p.path?.toLowerCase() === pathname.toLowerCase());

  // Showing a page opens its groups, so the highlighted item is visible.
  useEffect(() => {
    const above = ancestorKeys(tree, pathname);
    if (above.length > 0)
      setOpenKeys((keys) =>
        above.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...above])],
      );
  }, [tree, pathname]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const page = pages.find((p) => p.key === key);
    if (!page?.path) return;
    if (isExternalUri(page.path)) window.open(page.path, '_blank', 'noopener');
    else navigate(page.path);
  };

  return (
    <Layout.Sider
      className={styles.sider}
      width={224}
      collapsedWidth={64}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      theme="dark"
    >
      <div className={styles.brand}>
        <span className={styles.brandMark}>{t('common.brandMark')}</span>
        {!collapsed && <span className={styles.brandName}>{t('common.productName')}</span>}
      </div>
      {!collapsed && (
        <div className={styles.menuSearch}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('sidebar.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label={t('sidebar.search')}
          />
        </div>
      )}
      <div className={styles.menuScroll} data-menu-root>
        {shown.length === 0 ? (
          <Empty
            className={styles.menuEmpty}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('sidebar.noMatch')}
          />
        ) : (
          <Menu
            theme="dark"
            mode="inline"
            items={toItems(shown, chinese)}
            selectedKeys={selected ? [selected.key] : []}
            {...(collapsed ? {} : { openKeys: keyword ? groupKeys(shown) : openKeys })}
            onOpenChange={(keys) => {
              if (!keyword) setOpenKeys(keys);
            }}
            onClick={onClick}
          />
        )}
      </div>
    </Layout.Sider>
  );
}
