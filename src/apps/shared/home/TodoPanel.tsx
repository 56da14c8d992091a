import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import type { TodoCount } from './home-api';
import styles from './home.module.css';
import { type HomeItem, TODO_ITEMS, waitingSince } from './items';

interface Props {
  todo: TodoCount[] | undefined;
  loading: boolean;
  onRefresh(): void;
  /** Group the tiles by document family (the dacang home). */
  grouped?: boolean;
}

function Tile({ item, count }: { item: HomeItem; count: TodoCount }) {
  const navigate = useHostNavigate();
  return (
    <button type="button" className={styles.tile} onClick={() => navigate(item.path)} data-todo={count.key}>
      <span className={styles.tileTitle}>
        {item.group} · {item.title}
      </span>
      <span className={`${styles.tileCount} ${count.count === 0 ? styles.tileCountZero : ''}`}>
        {count.count}
        <span className={styles.tileUnit}>单</span>
      </span>
      <span className={styles.tileHint}>{count.count > 0 ? waitingSince(count.oldest) : item.hint}</span>
    </button>
  );
}

/** '待办事项': the documents waiting for the user, each opening its list page. */
export function TodoPanel({ todo, loading, onRefresh, grouped }: Props) {
  const known = (todo ?? []).filter((t) => TODO_ITEMS[t.key]);
  const groups = grouped ? [...new Set(known.map((t) => TODO_ITEMS[t.key]!.group))] : [null];
  let body;
  if (loading && !todo) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (known.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办事项" />;
  else
    body = groups.map((group) => (
      <div key={group ?? 'all'} className={styles.group}>
        {group && <div className={styles.groupTitle}>{group}</div>}
        <div className={styles.grid}>
          {known
            .filter((t) => !group || TODO_ITEMS[t.key]!.group === group)
            .map((t) => (
              <Tile key={t.key} item={TODO_ITEMS[t.key]!} count={t} />
            ))}
        </div>
      </div>
    ));
  return (
    <Card
      title="待办事项"
      extra={
        <Button type="text" size="small" icon={<ReloadOutlined />} onClick={onRefresh} loading={loading}>
          刷新
        </Button>
      }
    >
      {body}
    </Card>
  );
}
