import { RightOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from '@/i18n';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import styles from './home.module.css';

/**
 * A short list of places to go (personal centre, export centre, the other home). Plain markup, not
 * antd's List: List brings Pagination, and with it Select and the virtual list (about 30 KB gzip),
 * into the first visit of /home for three rows that never page (issue 21.6).
 */
export function ShortcutsPanel({ items }: { items: { title: string; path: string; description: string }[] }) {
  const navigate = useHostNavigate();
  const { t } = useTranslation();
  return (
    <Card title={t('home.shortcuts')} styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}>
      <ul className={styles.shortcuts}>
        {items.map((item) => (
          <li key={item.path}>
            <button type="button" className={styles.shortcut} onClick={() => navigate(item.path)}>
              <span className={styles.shortcutText}>
                <span className={styles.shortcutTitle}>{item.title}</span>
                <span className={styles.shortcutDescription}>{item.description}</span>
              </span>
              <RightOutlined className={styles.shortcutGo} />
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
