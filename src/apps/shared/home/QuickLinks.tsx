import { SearchOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
// The plain Input without its statics (TextArea, Search, Password, OTP), as the sidebar (issue 21.6).
import Input from 'antd/es/input/Input';
import { useMemo } from 'react';
import { useLanguage, useTranslation } from '@/i18n';
import { useEnglishMenuName } from '@/renderer/menu-english-lazy';
import { buildMenuTree, type MenuEntry, type MenuNode } from '@/runtime/menu';
import { appOfPath, type SubAppName } from '@/runtime/subapp/apps';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import { useTabState } from '@/runtime/tabs';
import styles from './home.module.css';

interface Link {
  key: string;
  name: string;
  path: string;
  group: string;
}

/** Every page of the user's menu with its first-level group. */
function linksOf(tree: readonly MenuNode[]): Link[] {
  const out: Link[] = [];
  const walk = (nodes: readonly MenuNode[], group: string) => {
    for (const n of nodes) {
      if (n.children) walk(n.children, group || n.name);
      else if (n.path) out.push({ key: n.key, name: n.name, path: n.path, group });
    }
  };
  walk(tree, '');
  return out;
}

/**
 * '功能导航': the user's pages as tiles with a search box. The search text is kept with the tab
 * (useTabState): it is still there when the tab is revisited, and gone after a refresh.
 */
export function QuickLinks({ permissions, app }: { permissions: MenuEntry[]; app?: SubAppName }) {
  const navigate = useHostNavigate();
  const { t } = useTranslation();
  const language = useLanguage();
  const [search, setSearch] = useTabState('quickLinkSearch', '');
  const englishMenuName = useEnglishMenuName(language !== 'zh-CN');
  const links = useMemo(() => {
    // The menu's English names, as the sidebar shows them (ShellLayout).
    const named = englishMenuName
      ? permissions.map((e) => ({ ...e, name: englishMenuName(e) ?? e.name }))
      : permissions;
    return linksOf(buildMenuTree(named)).filter((l) => !app || appOfPath(l.path) === app);
  }, [permissions, app, englishMenuName]);
  const word = search.trim().toLowerCase();
  const shown = word ? links.filter((l) => `${l.name}${l.group}`.toLowerCase().includes(word)) : links;
  return (
    <Card
      title={t('home.navigation')}
      extra={
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('home.searchFunctions')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 200 }}
          data-quick-search
        />
      }
    >
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={word ? t('home.noMatch') : t('home.noFunctions')}
        />
      ) : (
        <div className={styles.links}>
          {shown.map((l) => (
            <button type="button" key={l.key} className={styles.link} onClick={() => navigate(l.path)}>
              <span className={styles.linkName}>{l.name}</span>
              <span className={styles.linkGroup}>{l.group}</span>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
