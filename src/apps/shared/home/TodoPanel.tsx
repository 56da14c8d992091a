import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from '@/i18n';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import type { HomeItemData, HomeSectionData } from './home-api';
import styles from './home.module.css';
import { waitingSince } from './items';
import { useHomeTexts } from './use-home-summary';

interface Props {
  section: HomeSectionData | undefined;
  title: string;
  loading: boolean;
  onRefresh(): void;
}

function Tile({ item }: { item: HomeItemData }) {
  const navigate = useHostNavigate();
  const texts = useHomeTexts();
  return (
    <button type="button" className={styles.tile} onClick={() => navigate(item.link)} data-todo={item.key}>
      <span className={styles.tileTitle}>{item.group ? `${item.group} · ${item.title}` : item.title}</span>
      <span className={`${styles.tileCount} ${item.count === 0 ? styles.tileCountZero : ''}`}>
        {item.count}
        <span className={styles.tileUnit}>{item.unit}</span>
      </span>
      <span className={styles.tileHint}>
        {item.count > 0 ? waitingSince(item.oldest, Date.now(), texts) : (item.hint ?? '')}
      </span>
    </button>
  );
}

/** A `todo` section of the home file ('待办事项'): the documents waiting for the user, as tiles. */
export function TodoPanel({ section, title, loading, onRefresh }: Props) {
  const { t } = useTranslation();
  const items = section?.items ?? [];
  const groups = section?.grouped ? [...new Set(items.map((t) => t.group ?? ''))] : [null];
  let body;
  if (loading && !section) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noTodo')} />;
  else
    body = groups.map((group) => (
      <div key={group ?? 'all'} className={styles.group}>
        {group && (
          <div className={styles.groupTitle} data-todo-group={group}>
            {group}
          </div>
        )}
        <div className={styles.grid}>
          {items
            .filter((t) => group === null || (t.group ?? '') === group)
            .map((t) => (
              <Tile key={t.key} item={t} />
            ))}
        </div>
      </div>
    ));
  return (
    <Card
      title={section?.title ?? title}
      extra={
        <Button type="text" size="small" icon={<ReloadOutlined />} onClick={onRefresh} loading={loading}>
          {t('home.refresh')}
        </Button>
      }
    >
      {body}
    </Card>
  );
}
